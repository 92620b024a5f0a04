package io.dendrite.parquet.bench.codegen;

/** The record the generated readers build: sixteen primitive components, never boxed. */
public record Row16(long c0, long c1, long c2, long c3, long c4, long c5, long c6, long c7,
    long c8, long c9, long c10, long c11, long c12, long c13, long c14, long c15) {
  static final int COMPONENTS = 16;
}
