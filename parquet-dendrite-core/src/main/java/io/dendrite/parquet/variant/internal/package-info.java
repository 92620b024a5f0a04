/**
 * Internal: the implementation of {@code io.dendrite.parquet.variant}, not API. Its types are
 * public only because the other packages of this library (read, write, shred, filter) use them;
 * they may change or disappear in any release without notice. Applications use the types of
 * {@code io.dendrite.parquet.variant} ({@code VariantValue}, {@code VariantJson}, {@code
 * EncodedVariant}, ...).
 *
 * <p>Encoding: {@link io.dendrite.parquet.variant.internal.VariantEncoder} builds a value and its
 * metadata. Decoding: {@link io.dendrite.parquet.variant.internal.VariantBinary} reads encoded
 * values in place. JSON: {@link io.dendrite.parquet.variant.internal.JsonToVariant} and {@link
 * io.dendrite.parquet.variant.internal.VariantToJson}. Java values: {@link
 * io.dendrite.parquet.variant.internal.VariantJava}; casts as Spark's {@code try_variant_get}:
 * {@link io.dendrite.parquet.variant.internal.VariantCasts} and {@link
 * io.dendrite.parquet.variant.internal.JavaCasts}. {@link
 * io.dendrite.parquet.variant.internal.ApiAccess} reaches the API types' package-private members.
 */
package io.dendrite.parquet.variant.internal;
