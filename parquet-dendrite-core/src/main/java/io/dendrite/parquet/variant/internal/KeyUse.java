package io.dendrite.parquet.variant.internal;

import java.util.Arrays;

/**
 * Which keys of a known dictionary one variant used, across the encoders that wrote its parts
 * ({@link VariantEncoder#trackKeys}) and the keys its writer saw itself ({@link #use}). A writer
 * that encodes the parts of a variant under the dictionary it expects (the previous row's) asks
 * afterwards whether the variant's keys were exactly that dictionary's first {@code expected}
 * keys; if not, what it wrote is not what encoding the variant alone gives, and it starts over.
 */
public final class KeyUse {
  private int[] stamps = new int[32];
  private int stamp;
  private int used;
  private int expected;
  private boolean outside;

  /** Starts a variant expected to use exactly the keys with ids {@code [0, expected)}. */
  public void start(int expected) {
    if (++stamp == 0) {
      Arrays.fill(stamps, 0);
      stamp = 1;
    }
    if (stamps.length < expected) {
      stamps = new int[Math.max(expected, stamps.length * 2)];
    }
    this.expected = expected;
    used = 0;
    outside = false;
  }

  /** Counts key {@code id} as used by the current variant. */
  public void use(int id) {
    if (id >= expected) {
      outside = true;
    } else if (stamps[id] != stamp) {
      stamps[id] = stamp;
      used++;
    }
  }

  /** Whether the variant used every expected key and no other. */
  public boolean exact() {
    return !outside && used == expected;
  }
}
