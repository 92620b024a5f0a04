package io.dendrite.parquet.spark;

import java.io.Serializable;

/** A data file of a read: its fully qualified name and its length in bytes (for splits). */
record SourceFile(String path, long length) implements Serializable {}
