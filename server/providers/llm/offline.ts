import { ProviderError } from '../httpRetry';
import { message } from '../../i18n/messages';
import type { CompletionRequest, RelatedArticle, Writer } from './types';

/**
 * The embedded offline writer: the default when no model is configured. No model runs inside the
 * product, so it does not pretend to write articles: it writes an article BRIEF, in the language
 * asked for (English or Chinese; any other language is refused with the reason): title and meta
 * drafts, the outline with each section's goal and the questions it must answer, FAQ candidates,
 * links to the site's own related articles, and image ideas with alt text. It answers each step
 * in the form a model must (JSON outline, Markdown body, JSON FAQ and meta), so the pipeline runs
 * unchanged. Deterministic: the same input gives the same brief. Every sentence of a brief names
 * the keyword or its section, so none repeats within it, and no two keywords share a meta
 * description. An article it produced is stored with writer "offline" (kind "brief") and is never
 * published to a live site.
 */
export const OFFLINE_WRITER = 'offline';

/** The languages the offline writer plans briefs in. */
export const BRIEF_LANGUAGES = ['en', 'zh'] as const;
type BriefLanguage = (typeof BRIEF_LANGUAGES)[number];

export const briefLanguageOf = (language: string): BriefLanguage | null => {
  const base = language.toLowerCase().split(/[-_]/)[0];
  return (BRIEF_LANGUAGES as readonly string[]).includes(base) ? (base as BriefLanguage) : null;
};

export function createOfflineWriter(): Writer {
  return {
    name: OFFLINE_WRITER,
    offline: true,
    async complete(request: CompletionRequest) {
      const language = briefLanguageOf(request.values.language);
      if (!language) {
        throw new ProviderError(message('generation.briefLanguage', { language: request.values.language }));
      }
      const k = request.values.keyword.trim();
      const plan = planFor(k, language);
      const words = Math.max(300, Number(request.values.word_count) || 1000);
      switch (request.step) {
        case 'outline':
          return JSON.stringify({ title: titleFor(plan, request.avoidTitles ?? []), sections: plan.sections.map((s) => s.heading) });
        // The brief is written at the asked length: it is never sent back to be lengthened.
        case 'article':
        case 'lengthen':
          return briefFor(plan, request.values.title || plan.titles[0], words, request.related ?? [], request.values.site);
        case 'faq':
          return JSON.stringify(plan.faq);
        case 'meta':
          return JSON.stringify(metaFor(plan, request.values.title || plan.titles[0]));
      }
    },
  };
}

type Intent = 'howto' | 'choose' | 'cost' | 'topic';

interface Section {
  heading: string;
  goal: string;
  questions: string[];
  image: string;
}

interface Plan {
  keyword: string;
  language: BriefLanguage;
  intent: Intent;
  titles: string[];
  sections: Section[];
  faq: { question: string; answer: string }[];
  descriptions: string[];
}

function intentOf(k: string, language: BriefLanguage): Intent {
  const text = k.toLowerCase();
  if (language === 'zh') {
    if (/推荐|最好|排行|哪个好|对比|选择|挑选|怎么选|区别/.test(text)) return 'choose';
    if (/多少钱|价格|费用|成本|收费|便宜/.test(text)) return 'cost';
    if (/如何|怎么|怎样|方法|步骤|教程/.test(text)) return 'howto';
    return 'topic';
  }
  if (/\b(best|top|vs\.?|versus|compare|comparison|review|choose|choosing|pick)\b/.test(text)) return 'choose';
  if (/\b(cost|costs|price|prices|pricing|cheap|budget|fees?)\b/.test(text)) return 'cost';
  if (/^(how|ways?|steps?)\b|\bhow to\b|\bguide\b|\btutorial\b/.test(text)) return 'howto';
  return 'topic';
}

/** The core of the keyword without its "how to", "best", "price" / "如何", "推荐", "多少钱": what the plan is about. */
function subjectOf(k: string, language: BriefLanguage, intent: Intent): string {
  let s = k.trim();
  if (language === 'zh') {
    s = s.replace(/^(如何|怎么|怎样|怎么样)/, '');
    if (intent === 'choose') s = s.replace(/^(选择|挑选|选购|选)/, '').replace(/(推荐|排行榜?|哪个好|对比|怎么选|的区别|区别)$/, '');
    if (intent === 'cost') s = s.replace(/(多少钱|的价格|价格|费用|成本|收费)$/, '');
  } else {
    s = s.replace(/^(how to|how do i|how do you)\s+/i, '');
    if (intent === 'choose')
      s = s
        .replace(/^(choose|choosing|pick|picking|the best|best|top \d+|top)\s+/i, '')
        .replace(/\s+(review|reviews|compared|comparison)$/i, '');
    if (intent === 'cost') s = s.replace(/\s+(cost|costs|price|prices|pricing|fees?)$/i, '').replace(/^(cost of|price of)\s+/i, '');
  }
  return s.trim() || k;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function planFor(k: string, language: BriefLanguage): Plan {
  const intent = intentOf(k, language);
  const s = subjectOf(k, language, intent);
  return language === 'zh' ? zhPlan(k, s, intent) : enPlan(k, s, intent);
}

function enPlan(k: string, s: string, intent: Intent): Plan {
  const K = cap(k);
  const sections: Record<Intent, Section[]> = {
    howto: [
      {
        heading: `What you need before you ${s}`,
        goal: `List the tools, skills and time a first attempt to ${s} really takes.`,
        questions: [
          `Which tools are essential to ${s}, and which are optional?`,
          `How long does a first attempt to ${s} take?`,
          `What should a reader check before starting?`,
        ],
        image: `The tools laid out before starting to ${s}`,
      },
      {
        heading: `${K}: the steps in order`,
        goal: `Walk through each step to ${s} in the order a beginner meets it, with the result to expect after each.`,
        questions: [
          `What is the first step, and how does the reader know it worked?`,
          `Which step do beginners most often get wrong when they ${s}?`,
          `Where can a step be skipped or shortened?`,
        ],
        image: `A numbered sequence of the main steps to ${s}`,
      },
      {
        heading: `Mistakes people make when they ${s}`,
        goal: `Name the three or four mistakes that cost the most, each with its symptom and its fix.`,
        questions: [
          `What does each mistake look like from the outside?`,
          `How is each mistake fixed once it has happened?`,
          `Which mistake is the most expensive to undo?`,
        ],
        image: `A side-by-side of a common mistake and its fix when trying to ${s}`,
      },
      {
        heading: `How to tell you did it right`,
        goal: `Give measurable signs that the reader managed to ${s}, and what to do when the result falls short.`,
        questions: [
          `Which result proves success, and how is it measured?`,
          `What should a reader change first when the result falls short?`,
        ],
        image: `A finished result of trying to ${s}, with the signs of success marked`,
      },
      {
        heading: `Next steps after the basics`,
        goal: `Point to the skills that build on this one, so the reader knows where to go next.`,
        questions: [
          `What is the natural next skill once the reader can ${s}?`,
          `Which related topic on this site should the reader open next?`,
        ],
        image: `A simple map from the basics of ${s} to the next skills`,
      },
    ],
    choose: [
      {
        heading: `What matters when comparing ${s}`,
        goal: `Set out the criteria that separate a good choice of ${s} from a poor one, ranked by importance.`,
        questions: [
          `Which criteria matter most for ${s}, and why?`,
          `Which specifications are marketing rather than substance?`,
          `How should a reader weigh price against quality here?`,
        ],
        image: `A checklist of the criteria for comparing ${s}`,
      },
      {
        heading: `The main options side by side`,
        goal: `Compare the leading options for ${k} in one table: strengths, weaknesses and who each suits.`,
        questions: [
          `Which options deserve a place in the comparison, and on what evidence?`,
          `Who is each option best for?`,
          `Where does each option fall short?`,
        ],
        image: `A comparison table of the leading options for ${s}`,
      },
      {
        heading: `Which one fits which reader`,
        goal: `Match typical readers (beginner, budget, expert) to the option of ${s} that suits each.`,
        questions: [
          `What should a beginner pick, and why?`,
          `What is the best value for a tight budget?`,
          `When is the premium option worth it?`,
        ],
        image: `Three reader profiles matched to their best choice of ${s}`,
      },
      {
        heading: `Mistakes to avoid when choosing`,
        goal: `Warn about the choices people regret with ${s}, with the reason behind each regret.`,
        questions: [`Which purchase or choice do people regret most often?`, `What should a reader check before deciding?`],
        image: `Warning signs to look for when choosing ${s}`,
      },
      {
        heading: `How this comparison was made`,
        goal: `State the sources, tests and dates behind the recommendations, so readers can trust them.`,
        questions: [`Which sources or tests support each recommendation?`, `When was the comparison last checked?`],
        image: `Notes and measurements from testing ${s}`,
      },
    ],
    cost: [
      {
        heading: `What ${s} costs in practice`,
        goal: `Give real price ranges for ${s}, with the date and the region they apply to.`,
        questions: [
          `What is the typical price range today, and where does it come from?`,
          `How much do prices differ by region or seller?`,
        ],
        image: `A chart of typical price ranges for ${s}`,
      },
      {
        heading: `What drives the price up or down`,
        goal: `Explain the factors that change what ${s} costs, each with its rough effect.`,
        questions: [
          `Which factor changes the price the most?`,
          `Which extras are worth paying for, and which are not?`,
          `Are there costs that only show up later?`,
        ],
        image: `The factors behind the price of ${s}, sized by their effect`,
      },
      {
        heading: `Ways to pay less without regret`,
        goal: `List honest ways to lower the cost of ${s} and the trade-off each brings.`,
        questions: [`Where can a reader save without losing quality?`, `When does the cheapest option end up costing more?`],
        image: `A budget and a premium option of ${s} side by side`,
      },
      {
        heading: `A worked example budget`,
        goal: `Add up a realistic budget for one typical case of ${k}, line by line.`,
        questions: [`What does a typical first-time buyer spend in total?`, `Which line of the budget surprises people most?`],
        image: `A line-by-line budget sheet for ${s}`,
      },
    ],
    topic: [
      {
        heading: `What ${s} is, in plain words`,
        goal: `Define ${s} in two or three sentences a newcomer understands, with one concrete example.`,
        questions: [
          `How would you explain ${s} to someone who has never heard of it?`,
          `Which example makes ${s} easiest to picture?`,
          `What is ${s} often confused with?`,
        ],
        image: `A simple diagram explaining ${s}`,
      },
      {
        heading: `Why ${s} matters`,
        goal: `Show who benefits from ${s} and what changes for them, backed by a fact or figure.`,
        questions: [`Who gains the most from ${s}?`, `Which fact or figure shows the benefit best?`],
        image: `A person benefiting from ${s} in everyday life`,
      },
      {
        heading: `Getting started with ${s}`,
        goal: `Give the first three actions a reader can take today, each small enough to finish in an hour.`,
        questions: [
          `What is the very first thing to do?`,
          `What do beginners need, and what can wait?`,
          `How does a reader know the start went well?`,
        ],
        image: `The first three actions of getting started with ${s}`,
      },
      {
        heading: `Common misconceptions about ${s}`,
        goal: `Correct the beliefs about ${s} that lead readers astray, each with the evidence against it.`,
        questions: [`Which belief about ${s} is most widespread and wrong?`, `Where does that belief come from?`],
        image: `Myth versus fact about ${s}`,
      },
      {
        heading: `Where to learn more about ${s}`,
        goal: `Point to trustworthy sources and the site's related articles for readers who want depth.`,
        questions: [`Which sources are reliable, and why?`, `Which related articles on this site go deeper?`],
        image: `A reading path from the basics of ${s} to advanced topics`,
      },
    ],
  };
  const titles: Record<Intent, string[]> = {
    howto: [
      `${K}: a step-by-step guide for beginners`,
      `${K} without the usual mistakes`,
      `${K}: what to prepare, the steps, and how to check`,
    ],
    choose: [
      `${K}: how to choose, with a side-by-side comparison`,
      `${K}: the options compared for every budget`,
      `${K}: what matters and what to skip`,
    ],
    cost: [
      `${K}: real prices and what drives them`,
      `${K}: a worked budget and ways to pay less`,
      `${K} explained: price ranges and hidden costs`,
    ],
    topic: [`${K}: what it is and how to get started`, `${K} for beginners: the essentials`, `${K}: facts, misconceptions and first steps`],
  };
  const descriptions: Record<Intent, string> = {
    howto: `Learn ${k} step by step: what to prepare, the order of the steps, the mistakes beginners make and how to check your result.`,
    choose: `${K} compared: the criteria that matter, the main options side by side, and which one fits your needs and budget.`,
    cost: `What does ${k} really cost? Current price ranges, what drives them, hidden costs, and honest ways to pay less.`,
    topic: `${K} in plain words: what it is, why it matters, how to get started and the misconceptions to avoid.`,
  };
  const faq: Record<Intent, { question: string; answer: string }[]> = {
    howto: [
      {
        question: `How long does it take to ${s}?`,
        answer: `To answer: the time a first attempt takes and how it shortens with practice, with a realistic range.`,
      },
      {
        question: `What do I need to ${s}?`,
        answer: `To answer: the essential tools or skills, and what a beginner can do without at first.`,
      },
      {
        question: `What is the most common mistake when people ${s}?`,
        answer: `To answer: the single costliest mistake, how to recognise it and how to avoid it.`,
      },
    ],
    choose: [
      { question: `What should I look for in ${s}?`, answer: `To answer: the two or three criteria that matter most, and why.` },
      {
        question: `Is the most expensive ${s} worth it?`,
        answer: `To answer: when the premium option pays off and when a mid-range one does the same job.`,
      },
      {
        question: `What is the best ${s} for beginners?`,
        answer: `To answer: the option that forgives mistakes and costs little, with the reason.`,
      },
    ],
    cost: [
      {
        question: `How much does ${s} cost?`,
        answer: `To answer: a current price range with its date and region, and what the range depends on.`,
      },
      {
        question: `Why do prices for ${s} vary so much?`,
        answer: `To answer: the two or three factors that explain most of the difference.`,
      },
      { question: `How can I save on ${s}?`, answer: `To answer: savings that do not cost quality, and the ones to avoid.` },
    ],
    topic: [
      { question: `What is ${s}?`, answer: `To answer: a plain definition in one or two sentences, with an example.` },
      { question: `Who is ${s} for?`, answer: `To answer: the readers who gain the most, and who can safely ignore it.` },
      { question: `How do I get started with ${s}?`, answer: `To answer: the first small step, and what to do once it works.` },
    ],
  };
  return {
    keyword: k,
    language: 'en',
    intent,
    titles: titles[intent],
    sections: sections[intent],
    faq: faq[intent],
    descriptions: [descriptions[intent]],
  };
}

function zhPlan(k: string, s: string, intent: Intent): Plan {
  const sections: Record<Intent, Section[]> = {
    howto: [
      {
        heading: `开始前要准备什么`,
        goal: `列出第一次${s}真正需要的工具、技能和时间。`,
        questions: [`${s}必备哪些工具，哪些可有可无？`, `第一次${s}大约需要多长时间？`, `开始之前读者应该先确认什么？`],
        image: `${s}之前摆好的全部工具`,
      },
      {
        heading: `${k}：按顺序的步骤`,
        goal: `按新手实际遇到的顺序讲清${s}的每一步，以及每一步完成后应看到的结果。`,
        questions: [`第一步是什么，怎样判断它做对了？`, `新手${s}时最容易在哪一步出错？`, `哪些步骤可以省略或简化？`],
        image: `${s}主要步骤的编号示意图`,
      },
      {
        heading: `${s}时常见的错误`,
        goal: `指出代价最大的三四个错误，分别说明表现和补救办法。`,
        questions: [`每个错误从外面看是什么样子？`, `错误已经发生后怎样补救？`, `哪个错误最难挽回？`],
        image: `${s}的常见错误与正确做法对比`,
      },
      {
        heading: `怎样判断做对了`,
        goal: `给出可以衡量的成功标志，以及结果不理想时先调整什么。`,
        questions: [`哪个结果能证明${s}成功了，怎么衡量？`, `结果不理想时应该先改哪一点？`],
        image: `${s}完成后的效果，并标出成功的标志`,
      },
      {
        heading: `掌握基础之后的下一步`,
        goal: `指出在此基础上可以继续学习的内容，让读者知道接下来去哪里。`,
        questions: [`学会${s}之后最自然的下一项技能是什么？`, `本站哪篇相关文章适合接着读？`],
        image: `从${s}的基础到进阶的学习路线图`,
      },
    ],
    choose: [
      {
        heading: `比较${s}时看哪些指标`,
        goal: `按重要程度列出区分${s}好坏的标准。`,
        questions: [`选${s}最重要的标准是什么，为什么？`, `哪些参数只是营销噱头？`, `价格和质量之间该怎样取舍？`],
        image: `比较${s}的标准清单`,
      },
      {
        heading: `主要选项横向对比`,
        goal: `用一张表对比${k}的主要选项：优点、缺点和适合人群。`,
        questions: [`哪些选项值得放进对比，依据是什么？`, `每个选项最适合谁？`, `每个选项的短板在哪里？`],
        image: `${s}主要选项的对比表`,
      },
      {
        heading: `不同读者该选哪一个`,
        goal: `把典型读者（新手、预算有限、进阶用户）和最适合他们的${s}对应起来。`,
        questions: [`新手应该选哪一个，为什么？`, `预算有限时性价比最高的是哪个？`, `什么情况下高端选项值得买？`],
        image: `三类读者与各自最合适的${s}`,
      },
      {
        heading: `选择时要避开的坑`,
        goal: `提醒读者在${s}上最常后悔的选择，并说明原因。`,
        questions: [`人们最常后悔的选择是什么？`, `做决定前应该核实什么？`],
        image: `挑选${s}时需要警惕的信号`,
      },
      {
        heading: `这份对比是怎么做的`,
        goal: `说明推荐背后的来源、测试和日期，让读者可以信任。`,
        questions: [`每条推荐有哪些来源或测试支持？`, `这份对比最近一次核实是什么时候？`],
        image: `测试${s}时的记录和测量数据`,
      },
    ],
    cost: [
      {
        heading: `${s}实际要花多少钱`,
        goal: `给出${s}真实的价格区间，并注明日期和适用地区。`,
        questions: [`目前常见的价格区间是多少，数据来自哪里？`, `不同地区或商家的价格差多少？`],
        image: `${s}常见价格区间的图表`,
      },
      {
        heading: `哪些因素影响价格`,
        goal: `解释让${s}变贵或变便宜的因素，以及各自大致的影响。`,
        questions: [`哪个因素对价格影响最大？`, `哪些附加项值得花钱，哪些不值得？`, `有没有事后才出现的隐藏费用？`],
        image: `影响${s}价格的各项因素及其大小`,
      },
      {
        heading: `少花钱又不后悔的办法`,
        goal: `列出降低${s}成本的可靠方法，以及每种方法的代价。`,
        questions: [`在哪些地方可以省钱而不影响质量？`, `什么时候最便宜的选择反而更贵？`],
        image: `${s}的经济型与高端型并排对比`,
      },
      {
        heading: `一份完整的预算示例`,
        goal: `为一个典型的${k}场景逐项列出真实预算。`,
        questions: [`第一次购买的人通常总共花多少？`, `预算中哪一项最让人意外？`],
        image: `${s}的逐项预算表`,
      },
    ],
    topic: [
      {
        heading: `${s}是什么`,
        goal: `用新手能懂的两三句话定义${s}，并举一个具体例子。`,
        questions: [`怎样向从没听说过的人解释${s}？`, `哪个例子最容易让人理解${s}？`, `${s}经常和什么混淆？`],
        image: `解释${s}的简单示意图`,
      },
      {
        heading: `${s}为什么重要`,
        goal: `说明谁能从${s}中受益、会带来什么变化，并用一个事实或数据佐证。`,
        questions: [`谁从${s}中受益最多？`, `哪个事实或数据最能说明好处？`],
        image: `日常生活中受益于${s}的场景`,
      },
      {
        heading: `如何开始了解${s}`,
        goal: `给出读者今天就能做的三件小事，每件一小时内能完成。`,
        questions: [`第一件要做的事是什么？`, `新手需要准备什么，哪些可以以后再说？`, `怎样判断开头顺利？`],
        image: `开始接触${s}的三个行动`,
      },
      {
        heading: `关于${s}的常见误解`,
        goal: `纠正让读者走弯路的错误看法，每条都给出反驳的依据。`,
        questions: [`关于${s}最普遍的错误看法是什么？`, `这种看法是怎么来的？`],
        image: `关于${s}的误解与事实对照`,
      },
      {
        heading: `深入了解${s}的资源`,
        goal: `为想深入的读者指出可靠的资料来源和本站的相关文章。`,
        questions: [`哪些资料来源可靠，为什么？`, `本站哪些相关文章讲得更深入？`],
        image: `从${s}入门到进阶的阅读路线`,
      },
    ],
  };
  const titles: Record<Intent, string[]> = {
    howto: [`${k}：新手一步一步的完整指南`, `${k}：准备、步骤与检查方法`, `${k}，避开新手常犯的错误`],
    choose: [`${k}：选购要点与横向对比`, `${k}：不同预算该怎么选`, `${k}：哪些参数重要，哪些可以忽略`],
    cost: [`${k}：真实价格和影响因素`, `${k}：完整预算示例与省钱办法`, `${k}：价格区间与隐藏费用`],
    topic: [`${k}：是什么，以及如何开始`, `${k}入门：必须知道的要点`, `${k}：事实、误解与第一步`],
  };
  const descriptions: Record<Intent, string> = {
    howto: `${k}的完整步骤：开始前的准备、每一步的做法、新手常见错误以及检查结果的方法。`,
    choose: `${k}：对比主要选项，讲清关键指标，帮你按自己的需求和预算做出选择。`,
    cost: `${k}要花多少钱？当前价格区间、影响价格的因素、隐藏费用和可靠的省钱办法。`,
    topic: `${k}是什么、为什么重要、怎样开始，以及需要避开的常见误解，一文讲清。`,
  };
  const faq: Record<Intent, { question: string; answer: string }[]> = {
    howto: [
      { question: `${s}需要多长时间？`, answer: `待回答：第一次所需的时间，以及熟练后能缩短到多少，给出现实的范围。` },
      { question: `${s}需要准备什么？`, answer: `待回答：必备的工具或技能，以及新手一开始可以不准备的东西。` },
      { question: `${s}最常见的错误是什么？`, answer: `待回答：代价最大的一个错误、如何识别以及如何避免。` },
    ],
    choose: [
      { question: `选${s}应该看什么？`, answer: `待回答：最重要的两三个标准及其原因。` },
      { question: `最贵的${s}值得买吗？`, answer: `待回答：什么时候高端选项物有所值，什么时候中端就够用。` },
      { question: `新手适合哪种${s}？`, answer: `待回答：容错高、花费少的选项及理由。` },
    ],
    cost: [
      { question: `${s}要多少钱？`, answer: `待回答：当前的价格区间、日期和地区，以及区间取决于什么。` },
      { question: `为什么${s}的价格差别这么大？`, answer: `待回答：解释大部分差价的两三个因素。` },
      { question: `怎样在${s}上省钱？`, answer: `待回答：不影响质量的省钱方式，以及应该避免的做法。` },
    ],
    topic: [
      { question: `${s}是什么？`, answer: `待回答：一两句话的通俗定义，并附一个例子。` },
      { question: `${s}适合哪些人？`, answer: `待回答：最能受益的读者，以及可以不必关心的人。` },
      { question: `怎样开始了解${s}？`, answer: `待回答：第一个小步骤，以及完成后接下来做什么。` },
    ],
  };
  return {
    keyword: k,
    language: 'zh',
    intent,
    titles: titles[intent],
    sections: sections[intent],
    faq: faq[intent],
    descriptions: [descriptions[intent]],
  };
}

/** The first title draft not already used on the site (a keyword written twice gets another title). */
function titleFor(plan: Plan, avoid: string[]): string {
  const taken = new Set(avoid.map((t) => t.trim().toLowerCase()));
  const free = plan.titles.find((t) => !taken.has(t.toLowerCase()));
  if (free) return free;
  for (let n = 2; ; n++) {
    const t = plan.language === 'zh' ? `${plan.titles[0]}（第${n}版）` : `${plan.titles[0]} (version ${n})`;
    if (!taken.has(t.toLowerCase())) return t;
  }
}

const L = {
  en: {
    notice: (site: string) =>
      `> **Article brief: not an article.** No AI model is connected, so Inkpress's built-in writer planned this article for ${site || 'your site'} instead of writing it. Connect a model (Articles → Model) to have it written, or write it from this plan. A brief is never published to a live site.`,
    drafts: 'Title and meta drafts',
    titleOptions: 'Title options',
    metaTitle: 'Meta title draft',
    metaDescription: 'Meta description draft',
    intent: 'Search intent',
    intents: {
      howto: 'how-to: the reader wants to do it',
      choose: 'comparison: the reader is choosing',
      cost: 'cost: the reader is budgeting',
      topic: 'informational: the reader wants to understand',
    },
    length: 'Target length',
    words: (n: number) => `about ${n} words`,
    outline: 'Outline',
    goal: 'Goal',
    questions: 'Questions to answer',
    sectionLength: (n: number) => `about ${n} words`,
    links: 'Internal links',
    linkAnchor: (title: string, k: string) => `link “${title}” where the text touches on it, from a sentence about ${k}`,
    noLinks: (site: string, k: string) =>
      `No other article on ${site || 'this site'} yet: once there are, link the ones related to ${k} from the sections they support.`,
    images: 'Image ideas',
    cover: 'Cover',
    alt: 'alt text',
    faqNote: 'The FAQ candidates below list what each answer must cover.',
  },
  zh: {
    notice: (site: string) =>
      `> **文章简报，不是文章。** 尚未连接 AI 模型，所以 Inkpress 内置写作器只为${site || '你的网站'}规划了这篇文章，没有代写正文。连接模型（文章管理 → AI 模型）即可按此简报写成文章，也可以按此规划自行撰写。简报不会发布到正式网站。`,
    drafts: '标题与元描述草稿',
    titleOptions: '标题备选',
    metaTitle: 'SEO 标题草稿',
    metaDescription: '元描述草稿',
    intent: '搜索意图',
    intents: {
      howto: '操作型：读者想动手做',
      choose: '比较型：读者正在做选择',
      cost: '费用型：读者在做预算',
      topic: '信息型：读者想弄明白',
    },
    length: '目标篇幅',
    words: (n: number) => `约 ${n} 字`,
    outline: '大纲',
    goal: '目标',
    questions: '需要回答的问题',
    sectionLength: (n: number) => `约 ${n} 字`,
    links: '内部链接',
    linkAnchor: (title: string, k: string) => `在谈到相关内容的地方链接《${title}》，从一句关于${k}的话链出`,
    noLinks: (site: string, k: string) => `${site || '本站'}还没有其他文章：以后写了与${k}相关的文章，在对应的段落互相链接。`,
    images: '配图建议',
    cover: '封面',
    alt: '替代文本',
    faqNote: '下方的常见问题候选列出了每个回答必须涵盖的内容。',
  },
} as const;

function briefFor(plan: Plan, title: string, words: number, related: RelatedArticle[], site: string): string {
  const t = L[plan.language];
  const k = plan.keyword;
  const perSection = Math.max(80, Math.round((words * 0.85) / plan.sections.length / 10) * 10);
  const meta = metaFor(plan, title);
  const out: string[] = [
    t.notice(site),
    `## ${t.drafts}`,
    [
      `- ${t.titleOptions}: ${[title, ...plan.titles.filter((x) => x !== title)]
        .slice(0, 3)
        .map((x) => `“${x}”`)
        .join(plan.language === 'zh' ? '；' : '; ')}`,
      `- ${t.metaTitle}: “${meta.meta_title}”`,
      `- ${t.metaDescription}: “${meta.meta_description}”`,
      `- ${t.intent}: ${t.intents[plan.intent]}`,
      `- ${t.length}: ${t.words(words)}`,
    ].join('\n'),
    `## ${t.outline}`,
  ];
  plan.sections.forEach((section, index) => {
    out.push(
      `### ${index + 1}. ${section.heading}`,
      [
        `- **${t.goal}** (${t.sectionLength(perSection)}): ${section.goal}`,
        `- **${t.questions}**:`,
        ...section.questions.map((q) => `  - ${q}`),
      ].join('\n'),
    );
  });
  out.push(`## ${t.links}`);
  out.push(
    related.length
      ? related
          .slice(0, 5)
          .map((r) => `- [${r.title}](${r.url}): ${t.linkAnchor(r.title, k)}`)
          .join('\n')
      : t.noLinks(site, k),
  );
  out.push(`## ${t.images}`);
  out.push(
    [
      `- ${t.cover}: ${title} (${t.alt}: “${plan.language === 'zh' ? `${k}：${plan.sections[0].image}` : `${cap(k)}: ${plan.sections[0].image.charAt(0).toLowerCase()}${plan.sections[0].image.slice(1)}`}”)`,
      ...plan.sections.slice(1).map((section) => `- ${section.heading}: ${section.image} (${t.alt}: “${section.image}”)`),
    ].join('\n'),
  );
  out.push(t.faqNote);
  return out.join('\n\n');
}

/** Meta description limits the offline writer aims inside: what a result page shows, per script. */
function metaFor(plan: Plan, title: string) {
  const max = plan.language === 'zh' ? 80 : 160;
  const clip = (s: string, n: number) => ([...s].length <= n ? s : `${[...s].slice(0, n - 1).join('')}…`);
  return {
    meta_title: clip(title, plan.language === 'zh' ? 30 : 60),
    meta_description: clip(plan.descriptions[0], max),
    slug: plan.keyword,
  };
}
