// The fake Chat Completions endpoint moved to the shared client's folder; the essay tests and e2e still import it here.
export * from '../chat-model/fake-openai.js';
