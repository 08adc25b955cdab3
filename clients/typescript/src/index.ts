// execd's TypeScript client: a thin wrapper over the HTTP API, and the types generated
// from its OpenAPI contract for everything else (with openapi-fetch, for example).
export { Execd } from "./sdk/execd.js";
export { Session } from "./sdk/session.js";
export { ExecdProblem } from "./sdk/problem.js";
export type { ExecdOptions } from "./sdk/http.js";
export type { StreamOptions } from "./sdk/stream.js";
export type * from "./sdk/types.js";
export type { paths, components, operations } from "./generated/execd.js";
