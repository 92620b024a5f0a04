package io.dendrite.parquet.variant.internal;

import io.dendrite.parquet.variant.VariantFormatException;
import io.dendrite.parquet.variant.VariantMetadata;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;

/**
 * The key dictionary of a {@link VariantEncoder} (VariantEncoding.md, "Metadata encoding"): key
 * ids in insertion order, found by hash, and the metadata bytes written from them. It keeps what
 * lets rows of one dataset cost little: the ids of String keys across variants (a generation
 * stamp says which are current), the previous variant's key set with its sort order and
 * metadata (a row whose String keys arrive as the previous row's takes their ids alone, see
 * {@link #materialized}), and a seed dictionary whose ids are preserved (loaded only when a
 * lookup needs it). Sorting the ids by key is {@link FieldOrder}'s; rewriting the value with new ids is {@link
 * VariantCopier}'s.
 */
final class KeyDictionary {
  private static final ApiAccess API = ApiAccess.get();

  // ---- keys: UTF-8 bytes in one pool, an open-addressing hash table of id+1
  byte[] keyPool = new byte[256];
  int keyPoolLen;
  int[] keyStart = new int[32];
  int[] keyLen = new int[32];
  private int[] keyHash = new int[32];
  /**
   * First 8 key bytes, big-endian, zero-padded: most key comparisons are decided by these alone,
   * also for keys sharing a short common prefix ("field_1", "field_2", ...).
   */
  private long[] keyPrefix = new long[32];
  /** Number of keys (ids 0 to size - 1). */
  int size;
  /**
   * Whether keys [0, size) are strictly ascending in unsigned UTF-8 byte order, kept up to date
   * by appendKey. While it holds, comparing ids is comparing keys, so fields sort as ints.
   */
  boolean inOrder = true;
  private int[] table = new int[64];
  /**
   * String keys seen by this encoder, kept across variants: their UTF-8 bytes and hash, and
   * their id in the current variant (valid when {@code gen == generation}). Rows of one dataset
   * repeat the same keys, so after the first rows key(String) neither encodes nor allocates.
   */
  private HashMap<String, KeyEntry> keyCache = new HashMap<>();
  private int generation = 1;
  // Scratch arrays reused when sorting the dictionary at finish: order[newId] = oldId and
  // remap[oldId] = newId. They stay valid for the saved key set below.
  int[] order = new int[0];
  int[] remap = new int[0];
  // Scratch for reordering the per-key arrays by a new order.
  private int[] permuted = new int[0];
  private long[] permutedPrefixes = new long[0];

  // ---- the previous finish()'s dictionary in insertion order, to reuse its sort and metadata
  private byte[] prevKeyPool = new byte[0];
  private int prevKeyPoolLen;
  private int[] prevKeyLen = new int[0];
  /** Size of the saved dictionary, or -1 if nothing is saved. */
  private int prevDictSize = -1;
  /** The saved key set's metadata; if it needed sorting, order/remap hold its permutation. */
  private VariantMetadata prevResult;

  // ---- predicted ids: keys arriving as in the previous variant get its sorted ids at once
  /**
   * Whether this variant's objects are written with predicted ids ({@link #written}) rather than
   * insertion ids: the previous variant's keys needed sorting, so its sort order is known. While
   * keys arrive exactly as they did then, an object's fields can be written with the ids the
   * sorted dictionary will give them; a variant whose keys all came so needs no renumbering at
   * finish (renumbering took a tenth of a JSON line's encoding).
   */
  boolean predicting;
  /** Whether a key differed from the previous variant's at the same position, or went beyond. */
  boolean deviated;
  /** Leading ids whose keys are those of the previous variant, in the same order. */
  private int onTrack;
  /** The previous variant's key count when this one started (the saved set changes at finish). */
  private int predictedFrom;
  /**
   * The id written into object headers for each id while {@link #predicting}: the previous
   * sorted id for keys on track, and distinct ids after the previous key count for the others.
   */
  int[] written = new int[32];
  /** Scratch of {@link #writtenToFinal}. */
  private int[] writtenMap = new int[0];
  /** Whether {@link #remap} holds the sort permutation of the saved key set. */
  private boolean prevRemapValid;
  /**
   * Whether ids [0, size) are in the pool and the hash table. While predicting, String keys
   * that arrive as the previous variant's, in order, only take their id ({@link #id(String)}):
   * a row repeating the previous row's keys (the common case) then never copies, hashes or
   * compares them. The first lookup that needs the pool (another key, a key by its bytes, the
   * dictionary's bytes at finish) copies those keys from the saved set first ({@link
   * #materialize}).
   */
  private boolean materialized = true;
  /** The cached String key of each id, null for keys added by their bytes. */
  private KeyEntry[] idEntries = new KeyEntry[32];
  /** {@link #idEntries} of the saved key set. */
  private KeyEntry[] prevEntries = new KeyEntry[0];

  // ---- seeded mode
  /** The dictionary this one extends with its ids preserved, or null. */
  VariantMetadata seed;
  /** Told of every key looked up, when set ({@link VariantEncoder#trackKeys}). */
  KeyUse keyUse;
  /** Whether the seed's keys are in the pool (they are loaded when a lookup needs them). */
  boolean seedLoaded;

  /** A cached String key; see {@link #keyCache}. */
  private static final class KeyEntry {
    final byte[] utf8;
    final int hash;
    int id;
    int gen;

    KeyEntry(byte[] utf8, int hash) {
      this.utf8 = utf8;
      this.hash = hash;
    }
  }

  /** Empties the dictionary (keeping allocated arrays and the String key cache) and the seed. */
  void clear() {
    if (size > 0) {
      // A table grown by one wide variant should not make every later reset slow.
      if (table.length > 1024 && size * 8 < table.length) {
        table = new int[64];
      } else {
        Arrays.fill(table, 0);
      }
    }
    newGeneration();
    size = 0;
    inOrder = true;
    keyPoolLen = 0;
    seed = null;
    seedLoaded = false;
    predicting = prevRemapValid && prevDictSize > 0;
    materialized = !predicting;
    predictedFrom = prevDictSize;
    deviated = false;
    onTrack = 0;
  }

  /**
   * Whether a variant seeded with {@code existing} can keep this dictionary as it is: the same
   * metadata again (a reader's rows share it) and the last variant added no key, so the loaded
   * keys, their hash table and the ids cached per String key all still hold.
   */
  boolean holdsExactly(VariantMetadata existing) {
    return existing == seed && seedLoaded && size == existing.size();
  }

  /** The number of keys, counting those of a seed not loaded yet. */
  int sizeWithSeed() {
    return seed != null && !seedLoaded ? seed.size() : size;
  }

  // ================================================================ lookups

  /** The id of a String key, added if new; see {@link #keyCache}. */
  int id(String key) {
    KeyEntry e = keyCache.get(key);
    if (e == null) {
      e = cacheKey(key);
    }
    if (e.gen != generation) {
      int next = size;
      if (!materialized && predicting && next < predictedFrom && prevEntries[next] == e) {
        // The previous variant's next key, as in a row repeating its keys: its id, nothing else.
        if (next == keyStart.length) {
          growIds();
        }
        idEntries[next] = e;
        written[next] = remap[next];
        onTrack = next + 1;
        size = next + 1;
        e.id = next;
      } else {
        e.id = idFor(e.utf8, 0, e.utf8.length, e.hash);
        idEntries[e.id] = e;
      }
      e.gen = generation;
    }
    if (keyUse != null) {
      keyUse.use(e.id);
    }
    return e.id;
  }

  /** The id of the key {@code b[off, off+n)}, added if new. */
  int id(byte[] b, int off, int n) {
    int id = idFor(b, off, n, hash(b, off, n));
    if (keyUse != null) {
      keyUse.use(id);
    }
    return id;
  }

  private KeyEntry cacheKey(String key) {
    // Unbounded key sets (e.g. map-like data): start over. The bound is well above the key count
    // of wide documents, which would otherwise miss the cache on every key of every row.
    if (keyCache.size() >= 65536) {
      keyCache = new HashMap<>();
    }
    byte[] utf8 = key.getBytes(StandardCharsets.UTF_8); // same bytes as Utf8.encode
    KeyEntry e = new KeyEntry(utf8, hash(utf8, 0, utf8.length));
    keyCache.put(key, e);
    return e;
  }

  /** Invalidates the ids cached in {@link #keyCache} (new variant, or ids renumbered). */
  void newGeneration() {
    if (++generation == 0) { // wrapped: entries stamped long ago could look current
      for (KeyEntry e : keyCache.values()) {
        e.gen = 0;
      }
      generation = 1;
    }
  }

  /** Finds or adds the key {@code b[off, off+n)} whose {@link #hash} is h; returns its id. */
  private int idFor(byte[] b, int off, int n, int h) {
    if (!materialized) {
      materialize();
    }
    if (seed != null && !seedLoaded) {
      loadSeed();
    }
    int mask = table.length - 1;
    int i = h & mask;
    for (int e; (e = table[i]) != 0; i = (i + 1) & mask) {
      int id = e - 1;
      if (keyHash[id] == h && keyLen[id] == n
          && Arrays.equals(keyPool, keyStart[id], keyStart[id] + n, b, off, off + n)) {
        return id;
      }
    }
    int id = appendKey(b, off, n, h);
    table[i] = id + 1;
    if (size * 2 > table.length) {
      rebuildTable();
    }
    return id;
  }

  private int appendKey(byte[] b, int off, int n, int h) {
    if (keyPoolLen + n > keyPool.length) {
      keyPool = Arrays.copyOf(keyPool, Math.max(keyPoolLen + n, keyPool.length * 2));
    }
    System.arraycopy(b, off, keyPool, keyPoolLen, n);
    if (size == keyStart.length) {
      growIds();
    }
    int id = size++;
    if (predicting) {
      predict(id, b, off, n);
    }
    idEntries[id] = null; // id(String) sets it for a String key
    keyStart[id] = keyPoolLen;
    keyLen[id] = n;
    keyHash[id] = h;
    keyPrefix[id] = prefix(b, off, n);
    keyPoolLen += n;
    if (inOrder && id > 0 && compare(id - 1, id) >= 0) {
      inOrder = false;
    }
    return id;
  }

  private void growIds() {
    int cap = keyStart.length * 2;
    keyStart = Arrays.copyOf(keyStart, cap);
    keyLen = Arrays.copyOf(keyLen, cap);
    keyHash = Arrays.copyOf(keyHash, cap);
    keyPrefix = Arrays.copyOf(keyPrefix, cap);
    written = Arrays.copyOf(written, cap);
    idEntries = Arrays.copyOf(idEntries, cap);
  }

  /** The first 8 bytes of a key, big-endian, zero-padded ({@link #keyPrefix}). */
  private static long prefix(byte[] b, int off, int n) {
    long prefix = 0;
    for (int i = 0; i < 8; i++) {
      prefix = prefix << 8 | (i < n ? b[off + i] & 0xFF : 0);
    }
    return prefix;
  }

  /**
   * Puts the keys taken on track from the saved set ({@link #materialized}), ids [0, size),
   * into the pool and the hash table, as appending them one by one would have: the pool then
   * holds the saved pool's first bytes, and every later lookup works as without the shortcut.
   */
  private void materialize() {
    materialized = true;
    int n = size;
    int poolLen = 0;
    for (int id = 0; id < n; id++) {
      poolLen += prevKeyLen[id];
    }
    if (keyPool.length < poolLen) {
      keyPool = Arrays.copyOf(keyPool, Math.max(poolLen, keyPool.length * 2));
    }
    System.arraycopy(prevKeyPool, 0, keyPool, 0, poolLen);
    keyPoolLen = poolLen;
    int start = 0;
    for (int id = 0; id < n; id++) {
      int len = prevKeyLen[id];
      keyStart[id] = start;
      keyLen[id] = len;
      keyHash[id] = hash(keyPool, start, len);
      keyPrefix[id] = prefix(keyPool, start, len);
      if (inOrder && id > 0 && compare(id - 1, id) >= 0) {
        inOrder = false;
      }
      start += len;
    }
    if (n > 0) {
      rebuildTable();
    }
  }

  /**
   * The written id of new key {@code id}, {@code b[off, off+n)}, before it joins the pool: the
   * previous variant's sorted id while every key so far matched the previous variant's in order
   * (the pool then holds the same bytes up to here, so key id starts at keyPoolLen there too).
   */
  private void predict(int id, byte[] b, int off, int n) {
    if (!deviated && id < predictedFrom && prevKeyLen[id] == n
        && Arrays.equals(b, off, off + n, prevKeyPool, keyPoolLen, keyPoolLen + n)) {
      written[id] = remap[id];
      onTrack = id + 1;
    } else {
      deviated = true;
      written[id] = predictedFrom + id - onTrack;
    }
  }

  /**
   * Whether every key of this variant matched the previous variant's, in order and number: its
   * objects were written with the final ids, and the previous metadata is this one's.
   */
  boolean predictedExactly() {
    return predicting && !deviated && size == predictedFrom;
  }

  /**
   * For a variant written with predicted ids, the map from written id to final (sorted) id; call
   * after {@link #computeSortOrder}, and stop predicting before the value is renumbered.
   */
  int[] writtenToFinal() {
    int bound = predictedFrom + size;
    if (writtenMap.length < bound) {
      writtenMap = new int[Math.max(bound, writtenMap.length * 2)];
    }
    for (int id = 0; id < size; id++) {
      writtenMap[written[id]] = remap[id];
    }
    return writtenMap;
  }

  /** Rebuilds the hash table from keyHash, sized for the dictionary; the first id of a key wins. */
  void rebuildTable() {
    if (!materialized) {
      materialize(); // which rebuilds it
      return;
    }
    int cap = 64;
    while (cap < size * 2 + 2) {
      cap <<= 1;
    }
    if (table.length != cap) {
      table = new int[cap];
    } else {
      Arrays.fill(table, 0);
    }
    int mask = cap - 1;
    outer:
    for (int id = 0; id < size; id++) {
      int i = keyHash[id] & mask;
      for (int e; (e = table[i]) != 0; i = (i + 1) & mask) {
        int other = e - 1;
        if (keyHash[other] == keyHash[id] && keyLen[other] == keyLen[id]
            && Arrays.equals(keyPool, keyStart[other], keyStart[other] + keyLen[id], keyPool, keyStart[id], keyStart[id] + keyLen[id])) {
          continue outer; // a repeated key in an unsorted seed: keep the first id
        }
      }
      table[i] = id + 1;
    }
  }

  /** Copies the seed's keys into the pool, keeping their ids. */
  private void loadSeed() {
    seedLoaded = true;
    VariantMetadata s = seed;
    byte[] sb = s.bytes();
    for (int id = 0; id < s.size(); id++) {
      int o = s.keyOffset(id);
      int n = s.keyLength(id);
      appendKey(sb, o, n, hash(sb, o, n));
    }
    rebuildTable();
  }

  private static int hash(byte[] b, int off, int n) {
    int h = 0;
    for (int i = off, end = off + n; i < end; i++) {
      h = 31 * h + b[i];
    }
    h *= 0x9E3779B9; // spread low-entropy polynomial hashes across the table's low bits
    return h ^ (h >>> 15);
  }

  /** Unsigned UTF-8 byte order of keys a and b. */
  int compare(int a, int b) {
    if (a == b) {
      return 0;
    }
    int c = Long.compareUnsigned(keyPrefix[a], keyPrefix[b]);
    if (c != 0) {
      return c;
    }
    int sa = keyStart[a];
    int sb = keyStart[b];
    int la = keyLen[a];
    int lb = keyLen[b];
    int n = Math.min(la, lb);
    for (int i = 8; i < n; i++) { // the prefix covered bytes 0-7
      int d = (keyPool[sa + i] & 0xFF) - (keyPool[sb + i] & 0xFF);
      if (d != 0) {
        return d;
      }
    }
    return la - lb;
  }

  /** The key of {@code id}, for messages. */
  String key(int id) {
    if (!materialized) {
      materialize();
    }
    return new String(keyPool, keyStart[id], keyLen[id], StandardCharsets.UTF_8);
  }

  // ================================================================ finishing

  /** Whether the dictionary, in insertion order, is the one saved by the previous finish(). */
  boolean sameKeysAsPrevious() {
    if (!materialized) {
      materialize();
    }
    int n = size;
    return n == prevDictSize && keyPoolLen == prevKeyPoolLen
        && Arrays.equals(keyLen, 0, n, prevKeyLen, 0, n)
        && Arrays.equals(keyPool, 0, keyPoolLen, prevKeyPool, 0, keyPoolLen);
  }

  /** The metadata saved with the previous key set. */
  VariantMetadata previousMetadata() {
    return prevResult;
  }

  /**
   * Saves the dictionary in insertion order, to be completed by {@link #rememberMetadata}.
   * Unseeded keys are appended to the pool one after another, so the pool and the key lengths
   * describe it completely.
   */
  void saveKeys() {
    if (!materialized) {
      materialize();
    }
    prevDictSize = -1; // invalid until the new key set is complete
    prevRemapValid = false;
    int n = size;
    if (prevKeyLen.length < n) {
      prevKeyLen = new int[keyStart.length];
    }
    System.arraycopy(keyLen, 0, prevKeyLen, 0, n);
    if (prevKeyPool.length < keyPoolLen) {
      prevKeyPool = new byte[keyPool.length];
    }
    System.arraycopy(keyPool, 0, prevKeyPool, 0, keyPoolLen);
    prevKeyPoolLen = keyPoolLen;
    if (prevEntries.length < n) {
      prevEntries = new KeyEntry[idEntries.length];
    }
    System.arraycopy(idEntries, 0, prevEntries, 0, n);
  }

  /**
   * Completes the key set saved by {@link #saveKeys}: its metadata, reused while keys repeat;
   * {@code sorted}: whether {@link #remap} now holds its sort permutation (then the next variant
   * predicts its ids from it).
   */
  void rememberMetadata(VariantMetadata m, boolean sorted) {
    prevResult = m;
    prevDictSize = size;
    prevRemapValid = sorted;
  }

  /** Sorts the ids by key bytes into order (new id to old) and remap (old id to new). */
  void computeSortOrder(FieldOrder fields) {
    if (!materialized) {
      materialize();
    }
    int n = size;
    if (order.length < n) {
      order = new int[Math.max(n, order.length * 2)];
      remap = new int[order.length];
    }
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    fields.sortByKey(order, remap, 0, n); // remap is scratch here
    for (int newId = 0; newId < n; newId++) {
      remap[order[newId]] = newId;
    }
  }

  /**
   * Renumbers the keys by {@link #order}: new id i is old id order[i]. The keys are then in
   * order, and the ids cached per String key are stale.
   */
  void applyOrder() {
    if (!materialized) {
      materialize();
    }
    int n = size;
    if (permuted.length < n) {
      permuted = new int[keyStart.length];
      permutedPrefixes = new long[keyStart.length];
    }
    int[] tmp = permuted;
    for (int[] a : new int[][] {keyStart, keyLen, keyHash}) {
      for (int i = 0; i < n; i++) {
        tmp[i] = a[order[i]];
      }
      System.arraycopy(tmp, 0, a, 0, n);
    }
    long[] prefixes = permutedPrefixes;
    for (int i = 0; i < n; i++) {
      prefixes[i] = keyPrefix[order[i]];
    }
    System.arraycopy(prefixes, 0, keyPrefix, 0, n);
    inOrder = true;
    newGeneration();
  }

  /** Writes the dictionary in id order with the smallest offset size (the metadata builder). */
  VariantMetadata toMetadata(boolean sorted) {
    if (!materialized) {
      materialize();
    }
    int n = size;
    int total = 0;
    for (int i = 0; i < n; i++) {
      total += keyLen[i];
    }
    int offSize = Bytes.widthFor(Math.max(n, total));
    long bytes = 1L + (long) (n + 2) * offSize + total;
    if (bytes > Integer.MAX_VALUE - 16) {
      throw new VariantFormatException("metadata of " + bytes + " bytes is too large for a Java array");
    }
    byte[] m = new byte[(int) bytes];
    m[0] = (byte) (1 | (sorted ? 0x10 : 0) | (offSize - 1) << 6);
    Bytes.writeUnsigned(m, 1, n, offSize);
    int op = 1 + offSize;
    int sp = 1 + (n + 2) * offSize;
    int acc = 0;
    for (int i = 0; i < n; i++) {
      Bytes.writeUnsigned(m, op, acc, offSize);
      op += offSize;
      System.arraycopy(keyPool, keyStart[i], m, sp + acc, keyLen[i]);
      acc += keyLen[i];
    }
    Bytes.writeUnsigned(m, op, acc, offSize);
    return API.newMetadata(m, 0, m.length, n, offSize, sorted);
  }
}
