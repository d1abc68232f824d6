import type { NoteVectors } from '../../common/embedding-schemas.ts';
import { stripFrontMatter } from '../../common/front-matter-block.ts';
import { encodeVector } from '../../common/vector-codec.ts';
import { chunkNote, noteTitle } from '../../server/embeddings/chunk-note.ts';
import { testVector } from '../../server/embeddings/test-embedder.ts';
import { TEST_DIMENSIONS } from './embed-status.ts';

/** A note's vectors as the server's pipeline makes them: real chunking, the test embedder. */
export function embedNote(
  path: string,
  content: string,
  dimensions = TEST_DIMENSIONS,
): NoteVectors {
  const body = stripFrontMatter(content);
  return {
    path,
    hash: `h:${content.length}`,
    chunks: chunkNote(noteTitle(path), body).map((c, i) => ({
      id: `${path}#${i}`,
      heading: '',
      start: c.start,
      end: c.end,
      vector: encodeVector(testVector(c.text, dimensions)),
    })),
  };
}
