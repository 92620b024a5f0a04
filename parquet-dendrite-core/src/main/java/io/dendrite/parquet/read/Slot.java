package io.dendrite.parquet.read;

import io.dendrite.parquet.variant.VariantEncoder;
import org.apache.parquet.io.api.Binary;

/**
 * The state of one {@code value} / {@code typed_value} pair while a row is assembled
 * (VariantShredding.md, "Reconstructing a Shredded Variant"). {@code value} comes before
 * {@code typed_value} ({@link FieldOrder} makes sure of it whatever the file's field order), so
 * the residual is validated and kept until we know whether a typed value follows; typed values
 * stream into the encoder as they arrive.
 */
final class Slot {
  /** What to emit before this slot's value: an object key, or nothing. */
  interface Owner {
    void announce(VariantEncoder encoder);
  }

  static final Owner NO_KEY = e -> { };

  /** What an absent pair means where it occurs. */
  enum Missing {
    /** An object field that does not exist: emit nothing. */
    SKIP,
    /**
     * The top of a variant, or an array element: read as variant null. The spec says so for
     * the top; writers must not leave elements missing, but the conformance corpus (case 85)
     * expects such an element to read as null too.
     */
    NULL
  }

  private final VariantContext context;
  private final Owner owner;
  final String path;
  private final Missing missing;
  byte[] residual;
  private boolean typed;
  private boolean written;

  Slot(VariantContext context, Owner owner, String path, Missing missing) {
    this.context = context;
    this.owner = owner;
    this.path = path;
    this.missing = missing;
  }

  void start() {
    residual = null;
    typed = false;
    written = false;
  }

  void value(Binary value) {
    byte[] bytes = value.getBytes();
    context.checkValue(bytes, 0, bytes.length, path);
    residual = bytes;
  }

  /** A typed value begins; objects may be merged with a residual object, nothing else may. */
  void beginTyped(boolean object) {
    if (residual != null && !object) {
      throw Reconstruction.conflict(path);
    }
    typed = true;
    written = true;
    owner.announce(context.encoder);
  }

  /** Ends the pair: emits the residual when no typed value came, or reports a missing value. */
  void end() {
    if (typed) {
      return;
    }
    if (residual != null) {
      owner.announce(context.encoder);
      context.encoder.writeRawValue(residual, 0, residual.length);
      written = true;
    } else if (missing == Missing.NULL) {
      context.encoder.writeNull();
      written = true;
    }
  }

  /** True once this pair produced a value (typed, residual, or a null standing in). */
  boolean isPresent() {
    return written;
  }
}
