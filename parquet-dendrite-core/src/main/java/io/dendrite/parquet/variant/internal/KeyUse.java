package io.dendrite.parquet.variant.internal;

import java.util.Arrays;

/**
 * Which keys of a known dictionary one variant used, across the encoders that wrote its parts
 * ({@link VariantEncoder#trackKeys}) and the keys its writer placed itself ({@link
 * #usePlaced}). A writer that encodes the parts of a variant under the dictionary it expects
 * (the previous row's) asks afterwards whether the variant's keys were exactly that
 * dictionary's first {@code expected} keys; if not, and no part holds a key (field ids written
 * under the expected dictionary), the keys used still say what the variant's metadata is.
 */
public final class KeyUse {
  private int[] stamps = new int[32];
  private int stamp;
  private int[] ids = new int[32];
  private int count;
  private int inExpected;
  private int expected;
  private int known;
  private boolean outside;
  private boolean encoded;

  /**
   * Starts a variant expected to use exactly the keys with ids {@code [0, expected)} of a
   * dictionary of {@code known} keys.
   */
  public void start(int expected, int known) {
    if (++stamp == 0) {
      Arrays.fill(stamps, 0);
      stamp = 1;
    }
    if (stamps.length < known) {
      stamps = new int[Math.max(known, stamps.length * 2)];
    }
    this.expected = expected;
    this.known = known;
    count = 0;
    inExpected = 0;
    outside = false;
    encoded = false;
  }

  /** Counts key {@code id} as used by an encoder of the current variant: a part holds it. */
  public void use(int id) {
    encoded = true;
    mark(id);
  }

  /** Counts key {@code id} as used by the writer itself (a shredded field's name). */
  public void usePlaced(int id) {
    mark(id);
  }

  private void mark(int id) {
    if (id >= expected) {
      outside = true;
      if (id >= known) {
        return; // a key the dictionary lacks, added by an encoder
      }
    }
    if (stamps[id] != stamp) {
      stamps[id] = stamp;
      if (count == ids.length) {
        ids = Arrays.copyOf(ids, count * 2);
      }
      ids[count++] = id;
      if (id < expected) {
        inExpected++;
      }
    }
  }

  /** Whether the variant used every expected key and no other. */
  public boolean exact() {
    return !outside && inExpected == expected;
  }

  /** Whether an encoder looked a key up: some part holds field ids. */
  public boolean encoded() {
    return encoded;
  }

  /** The number of distinct keys used (of the known dictionary), for {@link #id}. */
  public int count() {
    return count;
  }

  /** The i-th distinct key used, in the order of first use. */
  public int id(int i) {
    return ids[i];
  }
}
