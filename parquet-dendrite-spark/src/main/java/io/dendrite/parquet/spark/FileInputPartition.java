package io.dendrite.parquet.spark;

import org.apache.spark.sql.connector.read.InputPartition;

/** One whole file, by its fully qualified name. */
record FileInputPartition(String file) implements InputPartition {}
