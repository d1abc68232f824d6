/**
 * The hunks of a unified diff between two versions of a note, from the first `@@` line:
 * no `Index:`, `=====`, `---` or `+++` lines, because every view names both sides itself
 * (in the reader's language) and the library would quote a path such as `04_Sueños` as
 * octal escapes. '' when the versions are the same.
 */
export async function diffHunks(before: string, after: string): Promise<string> {
  // Loaded on first use: an idle server does not need the diff library in memory.
  const { createTwoFilesPatch, OMIT_HEADERS } = await import('diff');
  const patch = createTwoFilesPatch('', '', before, after, undefined, undefined, {
    headerOptions: OMIT_HEADERS,
  });
  // With no hunks the library still answers a lone newline.
  return patch.trim() === '' ? '' : patch;
}
