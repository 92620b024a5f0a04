package io.dendrite.parquet.shred.internal;

import static io.dendrite.parquet.schema.internal.VariantSchemas.TYPED_VALUE;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantFormatException;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantType;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.variant.internal.JsonToVariant;
import io.dendrite.parquet.variant.internal.KeyIds;
import io.dendrite.parquet.variant.internal.KeyPositions;
import io.dendrite.parquet.variant.internal.RecordAccessors;
import io.dendrite.parquet.variant.internal.VariantBinary;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import io.dendrite.parquet.variant.internal.VariantJava;
import io.dendrite.parquet.variant.internal.VariantObjects;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
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
  /** Field index of a JSON key (-1: not shredded). */
  private final KeyPositions positions;
  /** Ids of {@link #names} in {@link #idsIn}, for a variant shredded from JSON. */
  private final int[] jsonIds;
  private VariantMetadata idsIn;
  /** Per field, the JSON object that last had it: a number per object saves clearing flags. */
  private final long[] seenIn;
  private long object;
  /**
   * The object {@link #writeJava} writes (its number) and its residual object's encoder, null
   * until a field not shredded comes. Nested objects are other shredders'.
   */
  private long javaObject;
  private VariantEncoder javaResidual;

  ObjectShredder(String[] names, Shredder[] children, int valueIndex, int typedIndex,
      PathCounter counter, int depth) {
    super(valueIndex, typedIndex, counter, depth);
    this.names = names;
    HashMap<String, Integer> indexes = new HashMap<>();
    for (int i = 0; i < names.length; i++) {
      indexes.put(names[i], i);
    }
    this.positions = new KeyPositions(key -> indexes.getOrDefault(key, -1));
    this.jsonIds = new int[names.length];
    this.seenIn = new long[names.length];
    this.children = children;
    this.namesUtf8 = new byte[names.length][];
    for (int i = 0; i < names.length; i++) {
      namesUtf8[i] = names[i].getBytes(StandardCharsets.UTF_8);
    }
    this.found = new int[names.length];
    this.nameIds = new KeyIds(names);
  }

  @Override
  void write(RecordConsumer rc, FieldGroups g, VariantMetadata m, byte[] v, int pos) {
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
      if (found[j] < 0) {
        writeMissing(rc, g, j);
        continue;
      }
      int at = VariantObjects.fieldValuePos(v, pos, found[j]);
      if (g != null && children[j].writeGroup(g, j, v, at)) {
        continue;
      }
      rc.startField(names[j], j);
      rc.startGroup();
      children[j].write(rc, g, m, v, at);
      rc.endGroup();
      rc.endField(names[j], j);
    }
    rc.endGroup();
    rc.endField(TYPED_VALUE, typedIndex);
    counter.typed++;
  }

  /** Field {@code j}'s empty group, for an object without it (in one call through {@code g}). */
  private void writeMissing(RecordConsumer rc, FieldGroups g, int j) {
    if (g != null) {
      g.emptyGroup(j);
    } else {
      rc.startField(names[j], j);
      rc.startGroup();
      rc.endGroup();
      rc.endField(names[j], j);
    }
    children[j].counter.missing++;
  }

  /**
   * A map as {@link #writeJson} writes a JSON object, its entries in the map's order, and a
   * record as the object of its non-null components ({@code VariantJava}'s rule); any other
   * value encoded and shredded as encoded (a JSON node, an encoded variant: objects too).
   *
   * @throws IllegalArgumentException a key that is no String
   */
  @Override
  void writeJava(RecordConsumer rc, Object v, JsonParts parts) {
    boolean record = v instanceof Record && !(v instanceof EncodedVariant)
        && !(v instanceof VariantValue);
    if (!(v instanceof Map) && !record) {
      super.writeJava(rc, v, parts);
      return;
    }
    idsIn(parts.metadata);
    javaObject = ++object;
    javaResidual = null;
    rc.startField(TYPED_VALUE, typedIndex);
    rc.startGroup();
    int k = 0;
    if (record) {
      RecordAccessors components = RecordAccessors.of(v.getClass());
      for (int i = 0; i < components.size(); i++) {
        Object value = components.get(v, i);
        if (value != null) {
          javaField(rc, components.name(i), value, k++, parts);
        }
      }
    } else {
      for (Map.Entry<?, ?> entry : ((Map<?, ?>) v).entrySet()) {
        if (!(entry.getKey() instanceof String name)) {
          throw new IllegalArgumentException("VARIANT object keys must be Strings");
        }
        javaField(rc, name, entry.getValue(), k++, parts);
      }
    }
    endObject(rc, parts.groups, javaObject, javaResidual);
  }

  /** Looks up the ids of the shredded fields' names in {@code m}, unless it was the last. */
  private void idsIn(VariantMetadata m) {
    if (idsIn != m) {
      for (int j = 0; j < names.length; j++) {
        jsonIds[j] = m.id(names[j]);
      }
      idsIn = m;
    }
  }

  /**
   * Field {@code name} (the {@code k}th) of the object {@link #writeJava} writes: to its group
   * when shredded, else into the residual object.
   */
  private void javaField(RecordConsumer rc, String name, Object value, int k, JsonParts parts) {
    int j = positions.find(k, name);
    if (j < 0) {
      if (javaResidual == null) {
        javaResidual = part(parts);
        javaResidual.startObject();
      }
      javaResidual.key(name);
      VariantJava.write(value, javaResidual);
      return;
    }
    seenIn[j] = javaObject; // a map or record holds a key once
    if (jsonIds[j] >= 0) {
      parts.keyUse.usePlaced(jsonIds[j]);
    } else {
      parts.keyUse.use(Integer.MAX_VALUE); // as in writeJson: back to the encoding path
    }
    FieldGroups groups = parts.groups;
    if (groups != null && children[j].writeGroupJava(groups, j, value)) {
      return;
    }
    rc.startField(names[j], j);
    rc.startGroup();
    children[j].writeJava(rc, value, parts);
    rc.endGroup();
    rc.endField(names[j], j);
  }

  /**
   * Shredded fields go to their groups as their keys come; the others are encoded, in the order
   * they come, into one residual object (what {@link VariantObjects#subset} makes of the
   * variant's object); the missing fields' empty groups follow the last key.
   */
  @Override
  void writeJson(RecordConsumer rc, JsonParser p, JsonParts parts) throws IOException {
    if (p.currentToken() != JsonToken.START_OBJECT) {
      writeJsonResidual(rc, p, parts);
      return;
    }
    idsIn(parts.metadata);
    long current = ++object;
    FieldGroups groups = parts.groups;
    VariantEncoder residual = null;
    rc.startField(TYPED_VALUE, typedIndex);
    rc.startGroup();
    for (int k = 0; p.nextToken() == JsonToken.FIELD_NAME; k++) {
      String name = p.currentName();
      int j = positions.find(k, name);
      if (j < 0) {
        if (residual == null) {
          residual = part(parts);
          residual.startObject();
        }
        residual.key(name);
        p.nextToken();
        JsonToVariant.parse(p, residual);
        continue;
      }
      if (seenIn[j] == current) {
        throw new VariantFormatException("duplicate key '" + name + "' in an object");
      }
      seenIn[j] = current;
      if (jsonIds[j] >= 0) {
        parts.keyUse.usePlaced(jsonIds[j]);
      } else {
        // Not in the metadata (it holds every shredded name, so never): as a key an encoder
        // added, the variant goes back to the encoding path.
        parts.keyUse.use(Integer.MAX_VALUE);
      }
      p.nextToken();
      if (groups != null && children[j].writeGroupToken(groups, j, p)) {
        continue;
      }
      rc.startField(names[j], j);
      rc.startGroup();
      children[j].writeJson(rc, p, parts);
      rc.endGroup();
      rc.endField(names[j], j);
    }
    endObject(rc, groups, current, residual);
  }

  /**
   * Ends the typed object written from JSON or Java values: the empty groups of the shredded
   * fields object {@code current} did not have, then its residual object if any.
   */
  private void endObject(RecordConsumer rc, FieldGroups groups, long current,
      VariantEncoder residual) {
    for (int j = 0; j < names.length; j++) {
      if (seenIn[j] != current) {
        writeMissing(rc, groups, j);
      }
    }
    rc.endGroup();
    rc.endField(TYPED_VALUE, typedIndex);
    if (residual != null) {
      residual.endObject();
      writeResidual(rc, residual);
    }
    counter.typed++;
  }
}
