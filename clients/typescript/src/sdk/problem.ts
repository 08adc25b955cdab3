import type { Problem, ProblemCode } from "./types.js";

/**
 * A refusal from execd: any answer outside 2xx. `code` is the contract's stable reason
 * (branch on it); `detail` is for people; `problem` is the whole RFC 9457 body, with the
 * session on refusals caused by it (409 `session_exited`, ...). An answer that is not a
 * problem (a proxy's error page) has the code `unexpected_response`, its text as the
 * detail, and no `problem`.
 */
export class ExecdProblem extends Error {
  readonly status: number;
  readonly code: ProblemCode | "unexpected_response";
  readonly detail: string;
  readonly problem: Problem | undefined;

  constructor(status: number, code: ProblemCode | "unexpected_response", detail: string, problem?: Problem) {
    super(`${status} ${code}: ${detail}`);
    this.name = "ExecdProblem";
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.problem = problem;
  }

  /** The problem a refusing response carries; reads the response's body. */
  static async of(response: Response): Promise<ExecdProblem> {
    const text = await response.text();
    try {
      const problem = JSON.parse(text) as Problem;
      if (typeof problem.code === "string") {
        return new ExecdProblem(response.status, problem.code, problem.detail, problem);
      }
    } catch {
      // Not JSON: described below like any other foreign body.
    }
    return new ExecdProblem(response.status, "unexpected_response", text.slice(0, 500) || response.statusText);
  }
}
