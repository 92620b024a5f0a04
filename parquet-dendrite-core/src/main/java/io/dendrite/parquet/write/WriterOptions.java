package io.dendrite.parquet.write;

import io.dendrite.parquet.shred.ShreddingInference.InferenceOptions;
import java.util.List;

/**
 * The settings of one {@link DendriteWriter}, copied from its builder at
 * {@link DendriteWriter.Builder#build()}: changing the builder afterwards leaves an open writer
 * as it was.
 *
 * @param infer how shredding is inferred, or null when it is given, pinned or switched off
 * @param widenExactNumerics Spark-style numeric shredding (see
 *     {@link DendriteWriter.Builder#widenExactNumerics}); {@code infer} carries the same flag
 * @param documentColumn the column receiving whole JSON documents, or null
 * @param rowGroupRows the most rows in a row group
 * @param pageRows the most rows in a page
 * @param bloomFilterPaths paths (columns, variant paths) to write bloom filters for
 * @param encodings page version and per-path encodings
 * @param variantAnnotation whether VARIANT groups carry the VARIANT annotation (see
 *     {@link DendriteWriter.Builder#variantAnnotation})
 * @param parallelism threads parsing JSON lines and encoding column chunks (see
 *     {@link DendriteWriter.Builder#parallelism})
 * @param shredDirect whether the variants of JSON lines and maps are shredded straight from
 *     their tokens and Java values when the column engine can take them
 *     ({@link JsonDirectRows}, {@link DirectMaps}); off only in tests that compare with the
 *     encoding path
 * @param generatedRecords whether Java records are written by generated writers
 *     ({@link DirectRecords}) when the column engine can take them; off only in tests that
 *     compare with the normalizing path
 */
record WriterOptions(Codec codec, long rowGroupSize, int pageSize, boolean overwrite,
    boolean skipInvalid, InferenceOptions infer, boolean widenExactNumerics,
    String documentColumn, int rowGroupRows, int pageRows, List<String> bloomFilterPaths,
    ColumnEncodings encodings, boolean variantAnnotation, int parallelism,
    boolean shredDirect, boolean generatedRecords) {}
