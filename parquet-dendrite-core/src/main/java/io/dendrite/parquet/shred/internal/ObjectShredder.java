package io.dendrite.parquet.shred.internal;

import static io.dendrite.parquet.schema.internal.VariantSchemas.TYPED_VALUE;

import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantType;
import io.dendrite.parquet.variant.internal.KeyIds;
import io.dendrite.parquet.variant.internal.VariantBinary;
import io.dendrite.parquet.variant.internal.VariantObjects;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.parquet.io.api.RecordConsumer;

/**
 * A path shredded as an object (VariantShredding.md, "Objects"). Each shredded field goes to its
 * required field group; the fields the schema does not name form the residual object in
 * {@code value}, so no field is ever stored twice. A non-object value goes to {@code value} with
 * {@code typed_value} null.
 */
final class ObjectShredder extends Shredder {
  private final String[] names;
  private final byte[][] namesUtf8;
  private final Shredder[] children;
  private final int[] found;
  /** Dictionary ids of {@link #names}, under a sorted dictionary. */
  private final KeyIds nameIds;
  private boolean[] shredded = new boolean[16];
  private int[] keep = new int[16];

  ObjectShredder(String[] names, Shredder[] children, int valueIndex, int typedIndex,
      PathCounter counter) {
    super(valueIndex, typedIndex, counter);
    this.names = names;
    this.children = children;
    this.namesUtf8 = new byte[names.length][];
    for (int i = 0; i < names.length; i++) {
      namesUtf8[i] = names[i].getBytes(StandardCharsets.UTF_8);
    }
    this.found = new int[names.length];
    this.nameIds = new KeyIds(names);
  }

  @Override
  void write(RecordConsumer rc, VariantMetadata m, byte[] v, int pos) {
    if (VariantBinary.type(v, pos) != VariantType.OBJECT) {
      writeResidual(rc, v, pos);
      return;
    }
    int n = VariantObjects.size(v, pos);
    if (shredded.length < n) {
      shredded = new boolean[Math.max(n, shredded.length * 2)];
      keep = new int[shredded.length];
    } else {
      Arrays.fill(shredded, 0, n, false);
    }
    int[] ids = m.isSorted() ? nameIds.in(m) : null;
    for (int j = 0; j < names.length; j++) {
      int i = ids == null ? VariantObjects.fieldIndex(m, v, pos, namesUtf8[j])
          : ids[j] < 0 ? -1 : VariantObjects.fieldIndexOfId(v, pos, ids[j]);
      found[j] = i;
      if (i >= 0) {
        shredded[i] = true;
      }
    }
    int kept = 0;
    for (int i = 0; i < n; i++) {
      if (!shredded[i]) {
        keep[kept++] = i;
      }
    }
    if (kept > 0) {
      byte[] residual = VariantObjects.subset(v, pos, keep, kept);
      writeResidual(rc, residual, 0, residual.length);
    }
    rc.startField(TYPED_VALUE, typedIndex);
    rc.startGroup();
    for (int j = 0; j < names.length; j++) {
      rc.startField(names[j], j);
      rc.startGroup();
      if (found[j] >= 0) {
        children[j].write(rc, m, v, VariantObjects.fieldValuePos(v, pos, found[j]));
      } else {
        children[j].counter.missing++;
      }
      rc.endGroup();
      rc.endField(names[j], j);
    }
    rc.endGroup();
    rc.endField(TYPED_VALUE, typedIndex);
    counter.typed++;
  }
}
