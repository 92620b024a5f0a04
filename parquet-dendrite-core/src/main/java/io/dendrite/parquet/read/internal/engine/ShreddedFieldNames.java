package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.variant.VariantMetadata;
import java.util.Arrays;
import java.util.Set;

/**
 * The field names a shredded object's {@code typed_value} holds, asked by metadata id: whether
 * a residual field is one of them (the spec forbids it). Answers are kept per id for the last
 * metadata seen, which rows usually share, so a key is compared once per dictionary, not once
 * per row.
 */
final class ShreddedFieldNames {
  private static final byte UNKNOWN = 0;
  private static final byte SHREDDED = 1;
  private static final byte RESIDUAL = 2;

  private final Set<String> names;
  private VariantMetadata metadata;
  private byte[] known = new byte[0];

  ShreddedFieldNames(Set<String> names) {
    this.names = Set.copyOf(names);
  }

  /** Whether key {@code id} of {@code m} (a valid id) names a shredded field. */
  boolean contains(VariantMetadata m, int id) {
    if (m != metadata) {
      metadata = m;
      if (known.length < m.size()) {
        known = new byte[m.size()];
      } else {
        Arrays.fill(known, 0, m.size(), UNKNOWN);
      }
    }
    byte k = known[id];
    if (k == UNKNOWN) {
      k = names.contains(m.key(id)) ? SHREDDED : RESIDUAL;
      known[id] = k;
    }
    return k == SHREDDED;
  }
}
