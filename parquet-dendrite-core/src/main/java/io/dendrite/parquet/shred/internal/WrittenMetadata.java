package io.dendrite.parquet.shred.internal;

import io.dendrite.parquet.variant.VariantMetadata;
import org.apache.parquet.io.api.Binary;

/**
 * A metadata a column's rows were written with: the bytes a variant came with, what was written
 * for them (the same, or with the missing shredded names appended) and its parsed form. A
 * column keeps the last few (rows of some datasets alternate between a few key sets), and each
 * remembers which one followed it for a given set of its keys, so that a variant shredded from
 * JSON whose keys were not the previous row's finds its metadata without making it again.
 */
final class WrittenMetadata {
  private static final int TRANSITIONS = 4;

  final byte[] in;
  final VariantMetadata parsed;
  final Binary binary;
  /** The keys of {@link #in}: the ids before any appended shredded name. */
  final int keyCount;
  /** Key sets (a bit per id of {@link #parsed}) and the metadata rows with them were given. */
  private long[] masks;
  private WrittenMetadata[] targets;
  private int transitions;
  private boolean evicted;

  WrittenMetadata(byte[] in, VariantMetadata parsed, int keyCount) {
    this.in = in;
    this.parsed = parsed;
    this.keyCount = keyCount;
    // Never modified afterwards, so the writer may keep references to it.
    this.binary = Binary.fromConstantByteArray(parsed.bytes());
  }

  /** The metadata of a variant whose keys are the ids in {@code mask}, if known. */
  WrittenMetadata after(long mask) {
    for (int i = 0; i < transitions; i++) {
      if (masks[i] == mask) {
        WrittenMetadata t = targets[i];
        return t.evicted ? null : t;
      }
    }
    return null;
  }

  /** Remembers that a variant whose keys are the ids in {@code mask} has {@code target}. */
  void follow(long mask, WrittenMetadata target) {
    if (masks == null) {
      masks = new long[TRANSITIONS];
      targets = new WrittenMetadata[TRANSITIONS];
    }
    int i = transitions < TRANSITIONS ? transitions++ : (int) (Long.remainderUnsigned(mask,
        TRANSITIONS));
    masks[i] = mask;
    targets[i] = target;
  }

  /** Drops it from its column's recent ones: nothing leads to it, it leads nowhere. */
  void evict() {
    evicted = true;
    masks = null;
    targets = null;
    transitions = 0;
  }
}
