package io.dendrite.parquet.shred.internal;

import static io.dendrite.parquet.schema.internal.VariantSchemas.VALUE;

import com.fasterxml.jackson.core.JsonParser;
import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.internal.JsonToVariant;
import io.dendrite.parquet.variant.internal.VariantBinary;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import io.dendrite.parquet.variant.internal.VariantJava;
import java.io.IOException;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;

/**
 * Writes one variant value into the {@code value} / {@code typed_value} pair of the Parquet group
 * the record consumer is positioned in (VariantShredding.md, "Value Shredding").
 *
 * <p>One subclass per shredded shape; a tree of them is built once per file from the
 * {@link ShreddedType} and reused for every row.
 */
abstract class Shredder {

  final int valueIndex;
  final int typedIndex;
  final PathCounter counter;
  /** Arrays and objects around this path's values in the variant (0 at the root). */
  final int depth;
  /** Encodes this path's parts of a variant shredded from JSON ({@link #part}). */
  private VariantEncoder partEncoder;

  Shredder(int valueIndex, int typedIndex, PathCounter counter, int depth) {
    this.valueIndex = valueIndex;
    this.typedIndex = typedIndex;
    this.counter = counter;
    this.depth = depth;
  }

  /**
   * Writes the value encoded at {@code v[pos]}; {@code m} is the row's metadata, {@code g} the
   * consumer's one-call writes of field groups or null.
   */
  abstract void write(RecordConsumer rc, FieldGroups g, VariantMetadata m, byte[] v, int pos);

  /**
   * Writes the JSON value starting at {@code p}'s current token as {@link #write} writes its
   * encoding, leaving {@code p} on the value's last token: typed values go to their leaves, and
   * only what lands in a residual {@code value} is encoded, under {@code parts}' metadata. The
   * consumer must copy each value as it gets it (the column engine's recorder does): parts are
   * encoded into reused buffers.
   *
   * @throws IOException malformed JSON
   * @throws io.dendrite.parquet.variant.VariantFormatException a repeated key, too deep
   */
  abstract void writeJson(RecordConsumer rc, JsonParser p, JsonParts parts) throws IOException;

  /**
   * Writes the Java value {@code v} (any value {@link VariantJava#write} takes) as
   * {@link #write} writes its encoding, under {@code parts}' metadata as {@link #writeJson}
   * does. Here the value is encoded as a part and shredded as encoded; objects (maps), arrays
   * (lists) and the commonest primitives override this to send typed values to their leaves
   * without encoding them.
   *
   * @throws IllegalArgumentException what {@link VariantJava#write} throws
   */
  void writeJava(RecordConsumer rc, Object v, JsonParts parts) {
    VariantEncoder e = part(parts);
    VariantJava.write(v, e);
    write(rc, parts.groups, parts.metadata, e.buffer(), 0);
  }

  /** As {@link #writeGroupToken}, for a Java value ({@link #writeJava}). */
  boolean writeGroupJava(FieldGroups g, int field, Object v) {
    return false;
  }

  /**
   * Writes the JSON value at {@code p}, the value of object field {@code field} (or an array's
   * element: {@link FieldGroups#ELEMENT}) whose group is this path's, as that whole group in
   * one call, when this path can without encoding anything (a typed primitive); false, with
   * nothing written, when it cannot.
   */
  boolean writeGroupToken(FieldGroups g, int field, JsonParser p) throws IOException {
    return false;
  }

  /** As {@link #writeGroupToken}, for the value encoded at {@code v[pos]}. */
  boolean writeGroup(FieldGroups g, int field, byte[] v, int pos) {
    return false;
  }

  /**
   * This path's encoder, reset for a part of the variant under {@code parts}' metadata; its
   * keys count in {@code parts}' key use, and its nesting stops where the variant's would.
   */
  final VariantEncoder part(JsonParts parts) {
    VariantEncoder e = partEncoder;
    if (e == null) {
      e = partEncoder = new VariantEncoder(false).trackKeys(parts.keyUse)
          .limitDepth(VariantBinary.MAX_NESTING_DEPTH - depth);
    }
    return e.reset(parts.metadata);
  }

  /** Encodes the JSON value at {@code p} whole and stores it in the residual {@code value}. */
  final void writeJsonResidual(RecordConsumer rc, JsonParser p, JsonParts parts)
      throws IOException {
    VariantEncoder e = part(parts);
    JsonToVariant.parse(p, e);
    writeResidual(rc, e);
  }

  /** Stores the value {@code e} holds (complete, never finished) in the residual column. */
  final void writeResidual(RecordConsumer rc, VariantEncoder e) {
    writeResidual(rc, Binary.fromReusedByteArray(e.buffer(), 0, e.valueLength()));
  }

  /** Stores the value unchanged in the residual {@code value} column. */
  final void writeResidual(RecordConsumer rc, byte[] v, int pos) {
    writeResidual(rc, v, pos, VariantBinary.valueSize(v, pos));
  }

  final void writeResidual(RecordConsumer rc, byte[] v, int pos, int length) {
    // The encoded row is never mutated after encoding, so parquet may keep a reference to it.
    writeResidual(rc, Binary.fromConstantByteArray(v, pos, length));
  }

  private void writeResidual(RecordConsumer rc, Binary value) {
    rc.startField(VALUE, valueIndex);
    rc.addBinary(value);
    rc.endField(VALUE, valueIndex);
    counter.residual++;
  }
}
