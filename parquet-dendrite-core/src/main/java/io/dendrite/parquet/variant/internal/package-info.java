/**
 * Internal: the implementation of {@code io.dendrite.parquet.variant}, not API. Its types are
 * public only where the other packages of this library (read, write, shred, filter) use them; they
 * may change or disappear in any release without notice. Applications use the types of {@code
 * io.dendrite.parquet.variant} ({@code VariantValue}, {@code VariantJson}, {@code EncodedVariant},
 * ...).
 *
 * <ul>
 *   <li>Encoding (VariantEncoding.md, "Metadata encoding", "Value encoding"): {@link
 *       io.dendrite.parquet.variant.internal.VariantEncoder}, on {@code ValueWriter} (value buffer,
 *       primitives); its package-private helpers {@code KeyDictionary} (key ids, metadata bytes),
 *       {@code FieldOrder} (fields in key order) and {@code VariantCopier} (copies with field ids
 *       translated).
 *   <li>Decoding in place: {@link io.dendrite.parquet.variant.internal.VariantBinary} (types,
 *       sizes, primitives), {@link io.dendrite.parquet.variant.internal.VariantObjects}, {@link
 *       io.dendrite.parquet.variant.internal.VariantArrays}, and {@link
 *       io.dendrite.parquet.variant.internal.VariantValidator}, whose javadoc lists what readers
 *       tolerate and reject.
 *   <li>JSON: {@link io.dendrite.parquet.variant.internal.JsonToVariant}, {@link
 *       io.dendrite.parquet.variant.internal.VariantToJson}. Java values: {@link
 *       io.dendrite.parquet.variant.internal.VariantJava}. Casts as Spark's {@code
 *       try_variant_get}: {@link io.dendrite.parquet.variant.internal.VariantCasts}, {@link
 *       io.dendrite.parquet.variant.internal.JavaCasts}. Logical equality: {@link
 *       io.dendrite.parquet.variant.internal.VariantEquality}.
 *   <li>{@link io.dendrite.parquet.variant.internal.ApiAccess} reaches the API types'
 *       package-private members (trusted constructors, caches).
 * </ul>
 */
package io.dendrite.parquet.variant.internal;
