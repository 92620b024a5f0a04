package io.dendrite.parquet.variant.internal;

import io.dendrite.parquet.variant.VariantFormatException;
import io.dendrite.parquet.variant.VariantMetadata;
import java.util.Arrays;

/**
 * Copies values into a {@link VariantEncoder} with their field ids translated: another variant's
 * value into the encoder's dictionary ({@link #copy}, for {@code writeVariant}), and at finish the
 * encoder's own value into the ids of its sorted dictionary ({@link #renumber}). Containers
 * without objects and scalars are copied as bytes; objects are rebuilt through the encoder, so
 * their fields end up in key order and duplicate keys are rejected as for any written object.
 */
final class VariantCopier {
  private final VariantEncoder enc;
  private final KeyDictionary dict;
  private final FieldOrder fields;
  // Source key id -> our id, valid where remapStamp == remapGen (one generation per copy).
  private int[] remapId = new int[0];
  private int[] remapStamp = new int[0];
  private int remapGen;

  VariantCopier(VariantEncoder enc, KeyDictionary dict, FieldOrder fields) {
    this.enc = enc;
    this.dict = dict;
    this.fields = fields;
  }

  /**
   * Copies the valid value at {@code pos} of a variant with metadata {@code m}, nested in the
   * {@code depth} containers open in the encoder (the nesting limit counts them too).
   */
  void copy(VariantMetadata m, byte[] v, int pos, int depth) {
    prepareRemap(m.size());
    copyValue(m, v, pos, depth);
  }

  private void prepareRemap(int n) {
    if (remapStamp.length < n) {
      int cap = Math.max(n, remapStamp.length * 2);
      remapStamp = new int[cap];
      remapId = new int[cap];
      remapGen = 0;
    }
    if (++remapGen == 0) { // wrapped: stale stamps could collide
      Arrays.fill(remapStamp, 0);
      remapGen = 1;
    }
  }

  /** {@code d}: containers around this value (the limit counts containers, not scalars). */
  private void copyValue(VariantMetadata m, byte[] v, int pos, int d) {
    int basic = VariantBinary.basicType(v, pos);
    if (basic == VariantBinary.BASIC_OBJECT) {
      VariantBinary.checkDepth(d, pos);
      int n = VariantObjects.size(v, pos);
      enc.startObject();
      for (int i = 0; i < n; i++) {
        int srcId = VariantObjects.fieldId(v, pos, i);
        if (srcId >= m.size()) {
          throw new VariantFormatException("object at position " + pos + ": field " + i + " has field id " + srcId
              + ", but the metadata dictionary has only " + m.size() + " keys");
        }
        int id;
        if (remapStamp[srcId] == remapGen) {
          id = remapId[srcId];
        } else {
          byte[] mb = m.bytes();
          int ko = m.keyOffset(srcId);
          int kl = m.keyLength(srcId);
          id = dict.id(mb, ko, kl);
          remapId[srcId] = id;
          remapStamp[srcId] = remapGen;
        }
        enc.pendingKey = id;
        copyValue(m, v, VariantObjects.fieldValuePos(v, pos, i), d + 1);
      }
      enc.endObject();
    } else if (basic == VariantBinary.BASIC_ARRAY && containsObject(v, pos, d)) {
      int n = VariantArrays.size(v, pos);
      enc.startArray();
      for (int i = 0; i < n; i++) {
        copyValue(m, v, VariantArrays.elementPos(v, pos, i), d + 1);
      }
      enc.endArray();
    } else {
      enc.appendRaw(v, pos, checkedSize(v, pos));
    }
  }

  private static boolean containsObject(byte[] v, int pos, int d) {
    int basic = VariantBinary.basicType(v, pos);
    if (basic == VariantBinary.BASIC_OBJECT) {
      return true;
    }
    if (basic != VariantBinary.BASIC_ARRAY) {
      return false;
    }
    VariantBinary.checkDepth(d, pos);
    int n = VariantArrays.size(v, pos);
    for (int i = 0; i < n; i++) {
      if (containsObject(v, VariantArrays.elementPos(v, pos, i), d + 1)) {
        return true;
      }
    }
    return false;
  }

  static int checkedSize(byte[] v, int pos) {
    int n = VariantBinary.valueSize(v, pos);
    if (pos + (long) n > v.length) {
      throw new VariantFormatException("value at position " + pos + " of size " + n
          + " is past the end of the value (length " + v.length + ")");
    }
    return n;
  }

  // ================================================================ finishing

  /**
   * Renumbers the dictionary by its sort order and rewrites every field id in the value, putting
   * each object's fields in new-id order (which is now key order); {@code map} takes the ids in
   * the value to the new ones. Ids are rewritten in place when each object's field_id_size is
   * the one its new ids need; otherwise (dictionaries of more than 256 keys) the value is
   * re-encoded once with the new ids. Either way every object's id width is the smallest for its
   * new ids, so the bytes depend on the variant alone, not on the ids it was first written with.
   */
  void renumber(int[] map) {
    int n = dict.size;
    dict.applyOrder(); // cached String ids are stale now
    // widestIdSize saves the walk of idsKeepWidths when every id is a byte before and after.
    if (enc.widestIdSize == 1 && Bytes.widthFor(n - 1) == 1 || idsKeepWidths(0, map, 0)) {
      remapInPlace(0, map, 0);
    } else {
      dict.rebuildTable();
      byte[] old = Arrays.copyOf(enc.buf, enc.len);
      enc.len = 0;
      enc.hasValue = false;
      copyRemapped(old, 0, map, 0);
    }
  }

  /** {@link #renumber(int[])} by the dictionary's own sort order. */
  void renumber() {
    renumber(dict.remap);
  }

  /**
   * Appends the valid value {@code src[pos..]}, whose field ids are this encoder's dictionary
   * ids, rebuilding its objects through the encoder (so they get the ids it writes now).
   */
  void copyOwnIds(byte[] src, int pos) {
    copyRemapped(src, pos, null, 0);
  }

  /**
   * Whether every object's field_id_size is the smallest that holds its largest id translated
   * through map (then renumbering in place gives the bytes a fresh encoding would).
   */
  private boolean idsKeepWidths(int pos, int[] map, int d) {
    byte[] buf = enc.buf;
    int h = buf[pos] & 0xFF;
    int basic = h & 3;
    if (basic != VariantBinary.BASIC_OBJECT && basic != VariantBinary.BASIC_ARRAY) {
      return true;
    }
    VariantBinary.checkDepth(d, pos);
    boolean object = basic == VariantBinary.BASIC_OBJECT;
    int offSize = ((h >> 2) & 3) + 1;
    int idSize = object ? ((h >> 4) & 3) + 1 : 0;
    int countSize = (h & (object ? 0x40 : 0x10)) != 0 ? 4 : 1;
    int n = Bytes.readUnsigned(buf, pos + 1, countSize);
    int ids = pos + 1 + countSize;
    int offsets = ids + n * idSize;
    int data = offsets + (n + 1) * offSize;
    int maxId = 0;
    for (int i = 0; i < n; i++) {
      if (object) {
        maxId = Math.max(maxId, map[Bytes.readUnsigned(buf, ids + i * idSize, idSize)]);
      }
      if (!idsKeepWidths(data + Bytes.readUnsigned(buf, offsets + i * offSize, offSize), map,
          d + 1)) {
        return false;
      }
    }
    return !object || Bytes.widthFor(maxId) == idSize;
  }

  /**
   * Translates every field id of the value at pos through map, in place, and orders each
   * object's fields by the new ids.
   */
  private void remapInPlace(int pos, int[] map, int d) {
    byte[] buf = enc.buf;
    int h = buf[pos] & 0xFF;
    int basic = h & 3;
    if (basic != VariantBinary.BASIC_OBJECT && basic != VariantBinary.BASIC_ARRAY) {
      return;
    }
    VariantBinary.checkDepth(d, pos);
    boolean object = basic == VariantBinary.BASIC_OBJECT;
    int offSize = ((h >> 2) & 3) + 1;
    int idSize = object ? ((h >> 4) & 3) + 1 : 0;
    int countSize = (h & (object ? 0x40 : 0x10)) != 0 ? 4 : 1;
    int n = Bytes.readUnsigned(buf, pos + 1, countSize);
    int ids = pos + 1 + countSize;
    int offsets = ids + n * idSize;
    int data = offsets + (n + 1) * offSize;
    boolean ascending = true;
    int prev = -1;
    for (int i = 0; i < n; i++) {
      if (object) {
        int p = ids + i * idSize;
        int id = map[Bytes.readUnsigned(buf, p, idSize)];
        Bytes.writeUnsigned(buf, p, id, idSize);
        ascending &= id > prev;
        prev = id;
      }
      int child = data + Bytes.readUnsigned(buf, offsets + i * offSize, offSize);
      if ((buf[child] & 2) != 0) { // only objects and arrays (basic types 2, 3) hold ids
        remapInPlace(child, map, d + 1);
      }
    }
    if (!ascending) {
      orderFieldsById(ids, offsets, n, idSize, offSize);
    }
  }

  /**
   * Sorts an encoded object's field ids, with their offsets, ascending. They go through the
   * encoder's slot arrays, which are free at finish() (no container is open), so that {@link
   * FieldOrder#sortSlotsById} serves here as at endObject. The ids are distinct (duplicates were
   * rejected at endObject).
   */
  private void orderFieldsById(int ids, int offsets, int n, int idSize, int offSize) {
    enc.ensureSlots(n);
    byte[] buf = enc.buf;
    int[] slotKey = enc.slotKey;
    int[] slotPos = enc.slotPos;
    for (int i = 0; i < n; i++) {
      slotKey[i] = Bytes.readUnsigned(buf, ids + i * idSize, idSize);
      slotPos[i] = Bytes.readUnsigned(buf, offsets + i * offSize, offSize);
    }
    fields.sortSlotsById(slotKey, slotPos, 0, n);
    for (int i = 0; i < n; i++) {
      Bytes.writeUnsigned(buf, ids + i * idSize, slotKey[i], idSize);
      Bytes.writeUnsigned(buf, offsets + i * offSize, slotPos[i], offSize);
    }
  }

  /**
   * Re-encodes {@code src} into the buffer with ids translated through {@code map} (null: kept).
   */
  private void copyRemapped(byte[] src, int pos, int[] map, int d) {
    int h = src[pos] & 0xFF;
    int basic = h & 3;
    if (basic == VariantBinary.BASIC_OBJECT || basic == VariantBinary.BASIC_ARRAY) {
      VariantBinary.checkDepth(d, pos);
      // Our own bytes, so the header is read once here rather than per field by VariantBinary.
      boolean object = basic == VariantBinary.BASIC_OBJECT;
      int offSize = ((h >> 2) & 3) + 1;
      int idSize = object ? ((h >> 4) & 3) + 1 : 0;
      int countSize = (h & (object ? 0x40 : 0x10)) != 0 ? 4 : 1;
      int n = Bytes.readUnsigned(src, pos + 1, countSize);
      int ids = pos + 1 + countSize;
      int offsets = ids + n * idSize;
      int data = offsets + (n + 1) * offSize;
      if (object) {
        enc.startObject();
      } else {
        enc.startArray();
      }
      // Fields in the order of their values: the values keep the order they were written in,
      // whatever order the ids put the header in, so the bytes do not depend on the ids.
      long[] byValue = new long[n];
      for (int i = 0; i < n; i++) {
        byValue[i] = (long) Bytes.readUnsigned(src, offsets + i * offSize, offSize) << 32 | i;
      }
      if (object) {
        Arrays.sort(byValue);
      }
      for (long entry : byValue) {
        int i = (int) entry;
        if (object) {
          int id = Bytes.readUnsigned(src, ids + i * idSize, idSize);
          enc.pendingKey = map == null ? id : map[id];
        }
        copyRemapped(src, data + (int) (entry >>> 32), map, d + 1);
      }
      if (object) {
        enc.endObject();
      } else {
        enc.endArray();
      }
    } else {
      enc.appendRaw(src, pos, VariantBinary.valueSize(src, pos));
    }
  }
}
