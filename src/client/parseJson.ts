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
  // The answer handed out last, again: known without a weak-map lookup.
  if (answer === lastFrozen) return lastParsed;
  if (!Object.isFrozen(answer)) return parseJson(answer.body);
  let parsed: unknown;
  if (parsedAnswers.has(answer)) parsed = parsedAnswers.get(answer);
  else parsedAnswers.set(answer, (parsed = parseJson(answer.body)));
  lastFrozen = answer;
  lastParsed = parsed;
  return parsed;
}

// The frozen answer read last and its JSON (a frozen object cannot change, so its JSON cannot either).
let lastFrozen: object | undefined;
let lastParsed: unknown;
