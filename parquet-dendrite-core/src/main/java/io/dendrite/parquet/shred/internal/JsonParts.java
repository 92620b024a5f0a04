package io.dendrite.parquet.shred.internal;

import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.internal.KeyUse;

/**
 * The state of one variant being shredded straight from JSON tokens
 * ({@link VariantColumnShredder#writeJson}): the metadata its parts are encoded under, which is
 * the previous variant's, and which of its keys the variant used.
 */
final class JsonParts {
  final KeyUse keyUse = new KeyUse();
  VariantMetadata metadata;
  /** The consumer's one-call writes of field groups, or null. */
  FieldGroups groups;

  /**
   * Starts a variant expected to have exactly the keys {@code [0, expectedKeys)} of {@code m},
   * its field groups written through {@code g} where they can be (null: events only).
   */
  void start(VariantMetadata m, int expectedKeys, FieldGroups g) {
    metadata = m;
    groups = g;
    keyUse.start(expectedKeys, m.size());
  }
}
