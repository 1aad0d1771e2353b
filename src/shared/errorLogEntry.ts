/** Spec §3 "Error log entry". */
export interface ErrorLogEntry {
  type: 'ajax' | 'vue' | 'script' | 'promise' | 'resource';
  message: string;
  url: string;
  name: string;
  file: string;
  stack: string;
  detail: string;
  time: string;
}
