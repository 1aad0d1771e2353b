/**
 * Model services people connect (all speak the OpenAI chat-completions API): the base URL and a
 * sensible default model of each. `local` ones run on the user's own machine.
 */
export interface ModelPreset {
  id: string;
  baseUrl: string;
  model: string;
  needsKey: boolean;
  local?: boolean;
}

export const MODEL_PRESETS: ModelPreset[] = [
  { id: 'openai', baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', needsKey: true },
  { id: 'deepseek', baseUrl: 'https://api.deepseek.com/v1', model: 'deepseek-chat', needsKey: true },
  { id: 'qwen', baseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1', model: 'qwen-plus', needsKey: true },
  { id: 'moonshot', baseUrl: 'https://api.moonshot.cn/v1', model: 'moonshot-v1-8k', needsKey: true },
  { id: 'zhipu', baseUrl: 'https://open.bigmodel.cn/api/paas/v4', model: 'glm-4-flash', needsKey: true },
  { id: 'ollama', baseUrl: 'http://localhost:11434/v1', model: 'qwen2.5:7b', needsKey: false, local: true },
  { id: 'vllm', baseUrl: 'http://localhost:8000/v1', model: 'Qwen/Qwen2.5-7B-Instruct', needsKey: false, local: true },
];
