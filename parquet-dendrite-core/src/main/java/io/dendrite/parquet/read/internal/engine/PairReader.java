package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.read.internal.column.LeafBatch;
import io.dendrite.parquet.read.internal.plan.VariantRoot;

/**
 * One {@code value} / {@code typed_value} pair of a shredded variant (the whole variant, an
 * object field or an array element), read into the variant being reassembled
 * (VariantShredding.md, "Reconstructing a Shredded Variant", rules in {@link Reconstruction}):
 * the residual {@code value} is validated first, then a typed value, if any, is written (an
 * object merging the residual), else the residual as stored, else null for the top of a
 * variant and array elements, and nothing for a missing object field.
 */
final class PairReader {
  /** The pair's {@code value} leaf, or null when the pair has none. */
  private final LeafCursor value;
  private final int valueDef;
  /** The pair's {@code typed_value}, or null when the pair has none. */
  final TypedReaders.TypedReader typed;
  /** Where the pair is, for errors ({@code payload.user}, {@code payload.tags[]}). */
  final String path;
  /** The object field key written before the value, or null. */
  private final String key;
  /** Whether a pair with neither value nor typed_value reads as variant null. */
  private final boolean nullWhenMissing;
  final LeafCursor[] cursors;
  private final int rep;

  PairReader(LeafCursor value, int valueDef, TypedReaders.TypedReader typed, String path,
      String key, boolean nullWhenMissing, int rep) {
    this.value = value;
    this.valueDef = valueDef;
    this.typed = typed;
    this.path = path;
    this.key = key;
    this.nullWhenMissing = nullWhenMissing;
    this.rep = rep;
    int n = (value == null ? 0 : 1) + (typed == null ? 0 : typed.cursors.length);
    LeafCursor[] all = new LeafCursor[n];
    int i = 0;
    if (value != null) {
      all[i++] = value;
    }
    if (typed != null) {
      System.arraycopy(typed.cursors, 0, all, i, typed.cursors.length);
    }
    this.cursors = all;
  }

  /** The first leaf of the pair: its definition level tells whether anything below is set. */
  LeafCursor first() {
    return cursors[0];
  }

  /**
   * Writes the pair's value, after its key, into {@code ctx}'s encoder; false when the pair
   * is missing (an object field with neither value nor typed_value) and nothing was written.
   */
  boolean write(VariantContext ctx) {
    LeafBatch rb = null;
    int rpos = 0;
    int rlen = 0;
    if (value != null) {
      if (value.def() == valueDef) {
        rb = value.batch;
        int vi = value.value;
        rpos = BinaryValues.start(rb, vi);
        rlen = BinaryValues.end(rb, vi) - rpos;
        ctx.checkValue(BinaryValues.array(rb), rpos, rlen, path);
      }
      value.next();
    }
    byte[] residual = rb == null ? null : BinaryValues.array(rb);
    if (typed != null) {
      if (typed.isPresent()) {
        if (residual != null && !typed.isObject()) {
          throw Reconstruction.conflict(path);
        }
        announce(ctx);
        typed.write(ctx, residual, rpos);
        return true;
      }
      typed.skip();
    }
    if (residual != null) {
      announce(ctx);
      ctx.encoder.writeRawValue(residual, rpos, rlen);
      return true;
    }
    if (nullWhenMissing) {
      ctx.encoder.writeNull();
      return true;
    }
    return false;
  }

  /**
   * The pair as a whole variant with {@code ctx}'s metadata ({@link VariantContext#use}):
   * reassembled where a typed value
   * is set, else the residual as stored (a view of the page's bytes, validated), else
   * {@link VariantRoot#VARIANT_NULL} or {@link VariantRoot#MISSING} as the pair's place says.
   */
  Object readVariant(VariantContext ctx) {
    if (typed != null && typed.isPresent()) {
      ctx.metadata(ctx.metadata);
      write(ctx);
      return ctx.finish();
    }
    if (typed != null) {
      typed.skip();
    }
    if (value != null && value.def() == valueDef) {
      LeafBatch b = value.batch;
      int vi = value.value;
      int pos = BinaryValues.start(b, vi);
      value.next();
      return VariantChecks.view(ctx.metadata, BinaryValues.array(b), pos,
          BinaryValues.end(b, vi) - pos, path);
    }
    if (value != null) {
      value.next();
    }
    return nullWhenMissing ? VariantRoot.VARIANT_NULL : VariantRoot.MISSING;
  }

  /** Moves past the pair without reading it. */
  void skip() {
    for (LeafCursor c : cursors) {
      c.skip(rep);
    }
  }

  private void announce(VariantContext ctx) {
    if (key != null) {
      ctx.encoder.key(key);
    }
  }
}
