/** A body's JSON, or undefined when it is none. */
export function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

// A mock hands the same frozen reply out again (a page asked for many times a second): its body is parsed once.
const parsedAnswers = new WeakMap<object, unknown>();

/** An answer's body as JSON (undefined when it is none), parsed once for an answer object handed out again. */
export function answerJson(answer: { body: string; json?: unknown }): unknown {
  if (answer.json !== undefined) return answer.json;
  if (!Object.isFrozen(answer)) return parseJson(answer.body);
  if (parsedAnswers.has(answer)) return parsedAnswers.get(answer);
  const parsed = parseJson(answer.body);
  parsedAnswers.set(answer, parsed);
  return parsed;
}
