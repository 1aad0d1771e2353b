/**
 * Model services people connect (all speak the OpenAI chat-completions API): the base URL and a
 * sensible default model of each. `local` ones run on the user's own machine.
 *
 * Economy mode: `batchApi` says the service takes batches over OpenAI's wire format (/files with
 * purpose `batch`, /batches), billed at half price; a service without one may price its off-peak
 * hours lower (`offPeak`), when an economy task's calls are made instead. `imageBatch`: its batch
 * API takes image generations (/v1/images/generations) too, so an economy task's pictures go by batch.
 */
export interface ModelPreset {
  id: string;
  baseUrl: string;
  model: string;
  needsKey: boolean;
  local?: boolean;
  batchApi: boolean;
  imageBatch?: boolean;
  offPeak?: OffPeakHours;
}

/** A provider's price hours: its peak windows, in its own time zone; every other hour is off-peak. */
export interface OffPeakHours {
  /** IANA time zone the provider gives its hours in. */
  timeZone: string;
  /** Windows at the full price: on the given weekdays (0 = Sunday), from `from` to `to` (HH:mm, `to` before `from` runs past midnight). */
  peak: { days: number[]; from: string; to: string }[];
}

const WEEKDAYS = [1, 2, 3, 4, 5];

export const MODEL_PRESETS: ModelPreset[] = [
  { id: 'openai', baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', needsKey: true, batchApi: true, imageBatch: true },
  {
    id: 'deepseek',
    baseUrl: 'https://api.deepseek.com/v1',
    model: 'deepseek-chat',
    needsKey: true,
    batchApi: false,
    // DeepSeek bills half outside its weekday peak hours, Beijing time (its price page).
    offPeak: {
      timeZone: 'Asia/Shanghai',
      peak: [
        { days: WEEKDAYS, from: '09:00', to: '12:00' },
        { days: WEEKDAYS, from: '14:00', to: '18:00' },
      ],
    },
  },
  { id: 'qwen', baseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1', model: 'qwen-plus', needsKey: true, batchApi: true },
  { id: 'moonshot', baseUrl: 'https://api.moonshot.cn/v1', model: 'moonshot-v1-8k', needsKey: true, batchApi: true },
  { id: 'zhipu', baseUrl: 'https://open.bigmodel.cn/api/paas/v4', model: 'glm-4-flash', needsKey: true, batchApi: true },
  { id: 'ollama', baseUrl: 'http://localhost:11434/v1', model: 'qwen2.5:7b', needsKey: false, local: true, batchApi: false },
  {
    id: 'vllm',
    baseUrl: 'http://localhost:8000/v1',
    model: 'Qwen/Qwen2.5-7B-Instruct',
    needsKey: false,
    local: true,
    batchApi: false,
  },
];

/** The preset a service address is (trailing slashes aside), if any. */
export const presetOf = (baseUrl: string): ModelPreset | undefined =>
  MODEL_PRESETS.find((p) => p.baseUrl === baseUrl.trim().replace(/\/+$/, ''));
