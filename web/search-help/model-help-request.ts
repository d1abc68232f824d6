/**
 * A request for «Buscar con el modelo» made before the search view shows (`/buscar
 * --modelo` in the chat): the view takes it once, for that query only, and asks at once.
 */
let requested: string | null = null;

/** Marks `query` as asked for with the model's help by the user. */
export function requestModelHelp(query: string): void {
  requested = query;
}

/** True, once, when the user asked for `query` with the model's help; the request is then spent. */
export function takeModelHelpRequest(query: string): boolean {
  const asked = requested === query;
  if (asked) requested = null;
  return asked;
}
