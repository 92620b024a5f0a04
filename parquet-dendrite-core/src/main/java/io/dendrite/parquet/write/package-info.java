/**
 * Writing Parquet files with VARIANT columns. The API is {@link
 * io.dendrite.parquet.write.DendriteWriter} (with its {@code Builder}), {@link
 * io.dendrite.parquet.write.Codec} and {@link io.dendrite.parquet.write.InvalidRecordException};
 * everything else here is package-private.
 *
 * <p>A record becomes a normalized {@code Object[]} row ({@code RecordCoercer} for maps,
 * {@code RecordRows} for Java records, {@code JsonRecordParser} for JSON text, whose lines {@code Utf8LineReader} reads); each
 * VARIANT column ({@code VariantColumn}) gets its shredding given, pinned, or inferred from the
 * rows an {@code InferenceBuffer} holds; {@code RowWriteSupport} lays out the file and hands
 * rows to the {@code FieldWriters}; {@code InProgressFile} creates the file under a temporary
 * name ({@code OutputTarget}) and publishes or discards it. The field writers' events go to a
 * {@code RowSink}: our own column writing ({@code internal.column}) by default, or
 * parquet-java's writer when the internal system property {@code dendrite.write.engine} is
 * {@code parquet-java} ({@code ParquetWriters#ENGINE_PROPERTY}).
 *
 * <p>Into our own column writing, once the file exists, most rows skip the normalized row and
 * go straight into the leaf columns (issue 31, "one pass into columns"): Java records through
 * a writer generated for their class ({@code DirectRecords}, {@code internal.records}), and
 * the VARIANT values of JSON lines and of maps shredded from their tokens and Java values
 * ({@code JsonDirectRows}, {@code DirectMaps}), only residual values encoded. Each takes back
 * a row it cannot write as the normalized path would, which then writes (or rejects) it.
 */
package io.dendrite.parquet.write;
