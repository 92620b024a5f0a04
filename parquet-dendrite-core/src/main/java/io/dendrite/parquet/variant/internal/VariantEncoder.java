package io.dendrite.parquet.variant.internal;

import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantFormatException;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantValue;
import java.util.Arrays;
import java.util.Objects;

/**
 * Reusable streaming builder of Variant values and their metadata (VariantEncoding.md, sections
 * "Metadata encoding", "Value encoding" and "Encoding types").
 *
 * <p>Values are appended to one growable byte buffer. Containers are written children first: the
 * encoder remembers where each child started (int arrays, no per-value objects) and at {@code
 * endObject()}/{@code endArray()} inserts the header in front of the children, choosing the smallest
 * {@code field_id_size} and {@code field_offset_size} and setting {@code is_large} only above 255
 * entries. Object fields are ordered by key in unsigned UTF-8 byte order as the spec requires; the
 * values stay where they were written (the spec allows any value order).
 *
 * <p>Keys are collected into a dictionary as they come. {@link #finish()} writes metadata with
 * {@code sorted_strings=1} by default: if keys arrived out of order it sorts the dictionary once
 * and rewrites the field ids inside the finished value, ordering each object's fields by the new
 * ids (objects closed while the keys were out of order keep insertion order until then, since a
 * byte-wise sort at {@code endObject()} would be redone anyway). Rows of one dataset repeat their
 * keys: while a variant's keys arrive exactly as the previous variant's did, its objects are
 * written at once with the ids the previous sort gave those keys, and if all of them came so,
 * finish() reuses the previous metadata bytes and rewrites nothing; a variant whose keys depart
 * from the previous ones anywhere is renumbered as above. Either way the bytes are a function of
 * the variant alone.
 * {@link #seeded(VariantMetadata)} instead starts from an existing dictionary and preserves its
 * ids, so already-encoded value bytes that reference it can be appended verbatim with {@link
 * #writeRawValue(byte[], int, int)}.
 *
 * <p>Typical use: {@code enc.reset(); enc.startObject(); enc.key("a"); enc.writeInt32(1);
 * enc.endObject(); EncodedVariant v = enc.finish();}. Misuse (a key outside an object, a value
 * without a key inside an object, unbalanced containers, finishing twice without reset) throws
 * {@link IllegalStateException}. Nesting deeper than {@link VariantBinary#MAX_NESTING_DEPTH}, counted
 * over the whole value including copied variants, throws {@link VariantFormatException}. Not
 * thread-safe.
 *
 * <p>The work is shared with package-private helpers: {@link ValueWriter} (the value buffer, open
 * containers and primitive encodings, as the base class), {@link KeyDictionary} (key ids and the
 * metadata), {@link FieldOrder} (fields in key order, duplicate keys) and {@link VariantCopier}
 * (copies with field ids translated).
 */
public final class VariantEncoder extends ValueWriter {
  private final boolean sortDictionary;
  private final KeyDictionary dict;
  private final FieldOrder fields;
  private final VariantCopier copier;
  /**
   * Largest field_id_size of the objects written (4 when raw bytes with objects were appended):
   * while it is 1 and the final ids fit a byte, renumbering keeps every object's id width.
   */
  int widestIdSize = 1;
  private VariantMetadata result;

  /** Creates an encoder that writes sorted metadata ({@code sorted_strings=1}). */
  public VariantEncoder() {
    this(true);
  }

  /**
   * Creates an encoder.
   *
   * @param sortDictionary if true, {@link #finish()} sorts the dictionary (rewriting field ids in
   *     the value) and sets {@code sorted_strings=1}; if false, keys keep their insertion order and
   *     the flag is set only when that order happens to be sorted
   */
  public VariantEncoder(boolean sortDictionary) {
    this.sortDictionary = sortDictionary;
    this.dict = new KeyDictionary();
    this.fields = new FieldOrder(dict);
    this.copier = new VariantCopier(this, dict, fields);
  }

  /**
   * Creates an encoder whose dictionary starts as {@code existing} with its ids preserved; see
   * {@link #reset(VariantMetadata)}.
   *
   * @param existing metadata whose ids already-encoded values reference
   * @return a seeded encoder
   */
  public static VariantEncoder seeded(VariantMetadata existing) {
    VariantEncoder e = new VariantEncoder(false);
    e.reset(existing);
    return e;
  }

  /**
   * Discards the current variant (keeping allocated buffers) so a new one can be written with an
   * empty dictionary.
   *
   * @return this encoder
   */
  public VariantEncoder reset() {
    clear();
    return this;
  }

  /**
   * Discards the current variant and seeds the dictionary with {@code existing}'s keys and ids.
   * Value bytes that reference {@code existing} can then be appended with {@link
   * #writeRawValue(byte[], int, int)} or {@link #writeVariant(VariantMetadata, byte[], int)}
   * (copied verbatim); new keys get ids after the existing ones. {@link #finish()} returns {@code
   * existing}'s bytes unchanged if no key was added, else metadata with the old ids preserved
   * (never re-sorted; flagged sorted only if the combined keys still are). The seed's keys are
   * only loaded into the hash table when a key lookup needs them.
   *
   * @param existing the metadata to extend
   * @return this encoder
   */
  public VariantEncoder reset(VariantMetadata existing) {
    Objects.requireNonNull(existing, "existing metadata");
    if (dict.holdsExactly(existing)) {
      // The same metadata again (a reader's rows share it) and the last variant added no key:
      // the loaded keys, their hash table and the ids cached per String key all still hold.
      clearValue();
      return this;
    }
    clear();
    dict.seed = existing;
    dict.predicting = false; // the seed's ids are kept, not sorted
    return this;
  }

  /**
   * Makes every key this encoder looks up count in {@code use} (null: none): a writer encoding
   * the parts of one variant with several encoders under one expected dictionary learns whether
   * the variant's keys were exactly the expected ones.
   *
   * @return this encoder
   */
  public VariantEncoder trackKeys(KeyUse use) {
    dict.keyUse = use;
    return this;
  }

  /**
   * Limits the nesting of the values written to {@code containers} levels of arrays and
   * objects (at most {@link VariantBinary#MAX_NESTING_DEPTH}): for a part of a variant that
   * sits below containers written elsewhere, so that the whole stays within the spec's limit.
   *
   * @return this encoder
   */
  public VariantEncoder limitDepth(int containers) {
    if (containers < 0 || containers > VariantBinary.MAX_NESTING_DEPTH) {
      throw new IllegalArgumentException("depth limit " + containers + " outside [0, "
          + VariantBinary.MAX_NESTING_DEPTH + "]");
    }
    depthLimit = containers;
    return this;
  }

  /** Forgets the value written, keeping the dictionary. */
  private void clearValue() {
    len = 0;
    hasValue = false;
    finished = false;
    depth = 0;
    pendingKey = -1;
    slotTop = 0;
    result = null;
    widestIdSize = 1;
  }

  private void clear() {
    clearValue();
    dict.clear();
  }

  // ================================================================ containers

  /** Starts an object; follow with {@code key(..)}/value pairs and {@link #endObject()}. */
  public void startObject() {
    beforeValue();
    pushFrame(OBJECT_FRAME);
  }

  /** Starts an array; follow with values and {@link #endArray()}. */
  public void startArray() {
    beforeValue();
    pushFrame(ARRAY_FRAME);
  }

  /**
   * Sets the key of the next value inside the innermost open object.
   *
   * @param key the key
   * @throws IllegalStateException if no object is open or the previous key has no value yet
   */
  public void key(String key) {
    checkKeyAllowed(key);
    pendingKey = dict.id(key);
  }

  /**
   * Sets the key of the next value from its UTF-8 bytes (not validated).
   *
   * @param utf8 array holding the key
   * @param off start of the key
   * @param n length of the key
   */
  public void key(byte[] utf8, int off, int n) {
    Objects.checkFromIndexSize(off, n, utf8.length);
    checkKeyAllowed(null);
    pendingKey = dict.id(utf8, off, n);
  }

  private void checkKeyAllowed(String key) {
    if (finished) {
      throw new IllegalStateException("the variant is finished; call reset() before writing another");
    }
    if (depth == 0 || frameKind[depth - 1] != OBJECT_FRAME) {
      throw new IllegalStateException("key(" + (key == null ? "..." : "'" + key + "'") + ") called outside an object"
          + (depth == 0 ? "" : " (the innermost open container is an array)"));
    }
    if (pendingKey >= 0) {
      throw new IllegalStateException("key(" + (key == null ? "..." : "'" + key + "'") + ") called, but the previous key '"
          + dict.key(pendingKey) + "' has no value yet");
    }
  }

  /**
   * Ends the innermost object: inserts the object header in front of the already-written field
   * values, with the fields in key order (unsigned UTF-8 bytes). An encoder that sorts its
   * dictionary at {@link #finish()} may leave the fields in insertion order until then, since
   * finish() rewrites every field id anyway; duplicate keys are rejected here in every mode.
   *
   * @throws VariantFormatException if two fields have the same key
   * @throws IllegalStateException if the innermost open container is not an object or a key has
   *     no value
   */
  public void endObject() {
    if (depth == 0 || frameKind[depth - 1] != OBJECT_FRAME) {
      throw new IllegalStateException(depth == 0 ? "endObject() called without a matching startObject()"
          : "endObject() called while an array is open; call endArray() first");
    }
    if (pendingKey >= 0) {
      throw new IllegalStateException("endObject() called, but key '" + dict.key(pendingKey) + "' has no value");
    }
    depth--;
    int start = frameStart[depth];
    int base = frameSlotBase[depth];
    int n = slotTop - base;
    int dataSize = len - start;
    arrangeFields(base, n);
    int maxId = 0;
    for (int i = base; i < slotTop; i++) {
      maxId = Math.max(maxId, slotKey[i]);
    }
    int idSize = Bytes.widthFor(maxId);
    widestIdSize = Math.max(widestIdSize, idSize);
    int offSize = Bytes.widthFor(dataSize);
    boolean large = n > 255;
    long headerSize = 1L + (large ? 4 : 1) + (long) n * idSize + (long) (n + 1) * offSize;
    ensure(headerSize);
    int hdr = (int) headerSize;
    System.arraycopy(buf, start, buf, start + hdr, dataSize);
    int p = start;
    buf[p++] = (byte) (VariantBinary.BASIC_OBJECT | (offSize - 1) << 2 | (idSize - 1) << 4 | (large ? 0x40 : 0));
    p = writeCount(p, n, large);
    for (int i = base; i < slotTop; i++) {
      Bytes.writeUnsigned(buf, p, slotKey[i], idSize);
      p += idSize;
    }
    for (int i = base; i < slotTop; i++) {
      Bytes.writeUnsigned(buf, p, slotPos[i] - start, offSize);
      p += offSize;
    }
    Bytes.writeUnsigned(buf, p, dataSize, offSize);
    len += hdr;
    slotTop = base;
  }

  /**
   * Ends the innermost array, inserting the array header in front of the elements.
   *
   * @throws IllegalStateException if the innermost open container is not an array
   */
  public void endArray() {
    if (depth == 0 || frameKind[depth - 1] != ARRAY_FRAME) {
      throw new IllegalStateException(depth == 0 ? "endArray() called without a matching startArray()"
          : "endArray() called while an object is open; call endObject() first");
    }
    depth--;
    int start = frameStart[depth];
    int base = frameSlotBase[depth];
    int n = slotTop - base;
    int dataSize = len - start;
    int offSize = Bytes.widthFor(dataSize);
    boolean large = n > 255;
    long headerSize = 1L + (large ? 4 : 1) + (long) (n + 1) * offSize;
    ensure(headerSize);
    int hdr = (int) headerSize;
    System.arraycopy(buf, start, buf, start + hdr, dataSize);
    int p = start;
    buf[p++] = (byte) (VariantBinary.BASIC_ARRAY | (offSize - 1) << 2 | (large ? 0x10 : 0));
    p = writeCount(p, n, large);
    for (int i = base; i < slotTop; i++) {
      Bytes.writeUnsigned(buf, p, slotPos[i] - start, offSize);
      p += offSize;
    }
    Bytes.writeUnsigned(buf, p, dataSize, offSize);
    len += hdr;
    slotTop = base;
  }

  private int writeCount(int p, int n, boolean large) {
    if (large) {
      Bytes.INT_LE.set(buf, p, n);
      return p + 4;
    }
    buf[p] = (byte) n;
    return p + 1;
  }

  /**
   * Puts the closing object's fields slotKey/slotPos[base, base+n) in key order, or leaves them
   * for finish() to order, and rejects duplicate keys.
   */
  private void arrangeFields(int base, int n) {
    if (dict.predicting) {
      // Written ids are the previous variant's sorted ids while keys arrive as then, so sorting
      // by them is sorting by key; finish() renumbers only if this variant's keys differ.
      fields.rejectDuplicateIds(slotKey, base, n);
      int[] written = dict.written;
      for (int i = base, end = base + n; i < end; i++) {
        slotKey[i] = written[slotKey[i]];
      }
      fields.sortById(slotKey, slotPos, base, n);
    } else if (dict.inOrder) {
      fields.sortById(slotKey, slotPos, base, n); // ids ascend with their keys: int comparisons
    } else if (sortDictionary && dict.seed == null) {
      // finish() renumbers the keys and then orders each object's fields by the new ids, so a
      // byte-wise sort here would be wasted work.
      fields.rejectDuplicateIds(slotKey, base, n);
    } else {
      fields.sortFields(slotKey, slotPos, base, n); // ids are final and not in key order
    }
  }

  // ================================================================ copying

  /**
   * Copies the value at {@code srcPos} of another variant, re-mapping its object keys into this
   * encoder's dictionary (recursively). Containers without objects, and every value when {@code
   * srcMeta} is this encoder's seed, are copied verbatim. The source is validated first ({@link
   * VariantValidator#validate(VariantMetadata, byte[], int)}), so invalid bytes are never copied.
   *
   * @param srcMeta the source variant's metadata
   * @param srcValue the source value bytes
   * @param srcPos start of the value to copy
   * @throws VariantFormatException if the source is invalid
   */
  public void writeVariant(VariantMetadata srcMeta, byte[] srcValue, int srcPos) {
    VariantValidator.validate(srcMeta, srcValue, srcPos);
    writeVariantValidated(srcMeta, srcValue, srcPos);
  }

  /** {@link #writeVariant(VariantMetadata, byte[], int)} of a value known to be valid. */
  public void writeVariantValidated(VariantMetadata srcMeta, byte[] srcValue, int srcPos) {
    // The containers around the copy, as the nesting limit counts them: those open here and,
    // for a part of a variant (limitDepth), those around the part.
    int around = depth + VariantBinary.MAX_NESTING_DEPTH - depthLimit;
    VariantMetadata seed = dict.seed;
    if (seed != null && around == 0 && (srcMeta == seed || srcMeta.equals(seed))) {
      // Valid, so within the limit on its own: verbatim.
      writeRawValue(srcValue, srcPos, VariantCopier.checkedSize(srcValue, srcPos));
      return;
    }
    copier.copy(srcMeta, srcValue, srcPos, around);
  }

  /**
   * Copies a complete variant; see {@link #writeVariant(VariantMetadata, byte[], int)}.
   *
   * @param variant the variant to copy
   */
  public void writeVariant(EncodedVariant variant) {
    writeVariant(VariantValue.of(variant));
  }

  /**
   * Copies a value view; see {@link #writeVariant(VariantMetadata, byte[], int)}.
   *
   * @param value the value to copy
   */
  public void writeVariant(VariantValue value) {
    value.validate();
    writeVariantValidated(value.metadata(), value.valueBytes(), value.pos());
  }

  /**
   * Appends already-encoded value bytes verbatim. Any field ids in them must refer to this
   * encoder's dictionary, which in practice means a seeded encoder and bytes from the seed's
   * variant. The bytes are not validated here: pass only values that passed {@link
   * VariantValidator#validate(VariantMetadata, byte[], int, int)} (an unseeded encoder may walk
   * them again at {@link #finish()}).
   *
   * @param v array holding the encoded value
   * @param off start of the value
   * @param n encoded length of the value
   */
  public void writeRawValue(byte[] v, int off, int n) {
    Objects.checkFromIndexSize(off, n, v.length);
    if (n > 0 && (v[off] & 2) != 0) {
      if (dict.predicting) {
        // Its ids are dictionary ids, the encoder's objects hold predicted ones: rebuild its
        // objects through endObject(), which writes predicted ids.
        copier.copyOwnIds(v, off);
        return;
      }
      widestIdSize = 4; // objects of unknown id widths inside: let finish() check them all
    }
    appendRaw(v, off, n);
  }

  // ================================================================ finishing

  /**
   * Completes the variant and returns its metadata and a copy of its value. Metadata is sorted
   * unless disabled or seeded; in seeded mode without new keys it is the seed's bytes unchanged.
   * The encoder stays finished (further writes throw) until {@link #reset()}.
   *
   * <p>The metadata array may be shared: when the keys arrived in exactly the same order as in
   * the previous variant finished by this encoder (the usual case for rows of one dataset, each
   * written after {@link #reset()}), the previous result's metadata array is returned again, so
   * consecutive results can be recognized as having the same dictionary by an identity check.
   * Callers must therefore never modify the returned metadata array.
   *
   * @return the encoded variant
   * @throws IllegalStateException if no value was written or containers are still open
   */
  public EncodedVariant finish() {
    complete();
    VariantMetadata m = result;
    byte[] meta = m.offset() == 0 && m.length() == m.bytes().length && m != VariantMetadata.EMPTY && m != dict.seed
        ? m.bytes() : m.toByteArray();
    return new EncodedVariant(meta, Arrays.copyOf(buf, len));
  }

  /**
   * Completes the variant like {@link #finish()} and returns a copy of the value bytes only; the
   * matching metadata is available from {@link #metadata()}.
   *
   * @return the value bytes
   */
  public byte[] finishValue() {
    complete();
    return Arrays.copyOf(buf, len);
  }

  /**
   * Completes the variant without copying: afterwards the value is {@code buffer()[0,
   * valueLength())} and the metadata is {@link #metadata()}.
   */
  public void finishInPlace() {
    complete();
  }

  /**
   * The metadata of the completed variant: the seed itself when seeded and no key was added.
   *
   * @return the metadata (its bytes must not be modified)
   * @throws IllegalStateException if the variant is not finished yet
   */
  public VariantMetadata metadata() {
    if (!finished) {
      throw new IllegalStateException("metadata() is available after finish(), finishValue() or finishInPlace()");
    }
    return result;
  }

  /**
   * The internal value buffer; the encoded bytes are {@code [0, valueLength())}. Valid until the
   * next write or reset.
   *
   * @return the buffer
   */
  public byte[] buffer() {
    return buf;
  }

  /**
   * Number of value bytes written so far (the complete value once finished).
   *
   * @return the length
   */
  public int valueLength() {
    return len;
  }

  /**
   * Whether the variant has been completed by one of the finish methods.
   *
   * @return true once finished, until reset
   */
  public boolean isFinished() {
    return finished;
  }

  /**
   * Number of keys in the dictionary so far (including a loaded seed's keys).
   *
   * @return the dictionary size
   */
  public int dictionarySize() {
    return dict.sizeWithSeed();
  }

  private void complete() {
    if (finished) {
      return;
    }
    if (depth > 0) {
      throw new IllegalStateException("cannot finish: " + depth + " container(s) still open (innermost: "
          + (frameKind[depth - 1] == OBJECT_FRAME ? "object" : "array") + ")");
    }
    if (!hasValue) {
      throw new IllegalStateException("cannot finish: no value was written");
    }
    VariantMetadata seed = dict.seed;
    if (seed != null) {
      result = !dict.seedLoaded || dict.size == seed.size() ? seed : dict.toMetadata(dict.inOrder);
    } else if (dict.size == 0) {
      result = VariantMetadata.EMPTY;
    } else {
      completeDictionary();
    }
    finished = true;
  }

  /**
   * Sorts the dictionary if asked to and sets the result, reusing the previous finish()'s
   * metadata when the keys arrived exactly as then: rows of one dataset usually repeat the same
   * keys in the same order.
   */
  private void completeDictionary() {
    if (dict.predicting) {
      completePredicted();
      return;
    }
    boolean sort = sortDictionary && !dict.inOrder;
    if (dict.sameKeysAsPrevious()) {
      // Not predicting: the previous key set needed no sort (else its order would have been
      // predicted from), and the same keys in the same order need none either.
      result = dict.previousMetadata();
      return;
    }
    dict.saveKeys();
    if (sort) {
      dict.computeSortOrder(fields);
      copier.renumber();
    }
    result = dict.toMetadata(dict.inOrder);
    dict.rememberMetadata(result, sort);
  }

  /**
   * Finishes a variant written with predicted ids: when its keys were the previous variant's,
   * in order, the value already holds the final ids and the previous metadata is its own;
   * otherwise the ids written are renumbered to this dictionary's sorted ids.
   */
  private void completePredicted() {
    boolean exact = dict.predictedExactly();
    dict.predicting = false; // objects rebuilt from here on get final ids
    if (exact) {
      result = dict.previousMetadata();
      return;
    }
    dict.saveKeys();
    dict.computeSortOrder(fields);
    copier.renumber(dict.writtenToFinal());
    result = dict.toMetadata(true);
    dict.rememberMetadata(result, true);
  }
}
