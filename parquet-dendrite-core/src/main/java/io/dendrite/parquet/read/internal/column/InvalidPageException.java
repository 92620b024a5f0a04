package io.dendrite.parquet.read.internal.column;

/**
 * A page's bytes do not decode. Thrown by the decoders, which know neither the column nor the
 * page; {@link ColumnChunkReader} reports it as a {@link ColumnReadException} that names both.
 */
final class InvalidPageException extends RuntimeException {
  InvalidPageException(String problem) {
    super(problem);
  }
}
