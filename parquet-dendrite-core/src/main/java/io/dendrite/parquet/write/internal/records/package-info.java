/**
 * Generated record writing (issue 31, "Java records"): for a Java record type and a file's
 * Parquet schema, a class written with (relocated) ASM that reads each component through its
 * accessor and records it straight into the leaf column it lands in, with the definition and
 * repetition levels worked out from the schema when the class is written: no row, struct,
 * list or boxed value in between, no record-consumer events. Values of rarer types (decimals,
 * timestamps, UUIDs, VARIANTs) go through a {@link io.dendrite.parquet.write.internal.records.ValueSink}
 * the write package makes. Internal: no compatibility guarantees.
 */
package io.dendrite.parquet.write.internal.records;
