/**
 * The `embeddings` section the panel shows while the layer is off: Ollama on this laptop
 * with a multilingual model (docs/API.md, «Turning it on»; README «Búsqueda semántica»).
 */
export const HARNESS_SNIPPET = `"embeddings": {
  "embedder": {
    "kind": "endpoint",
    "baseUrl": "http://127.0.0.1:11434/v1",
    "model": "nomic-embed-text",
    "dimensions": 768,
    "local": true,
    "apiKeyEnv": null,
    "queryPrefix": "search_query: ",
    "documentPrefix": "search_document: "
  }
}`;
