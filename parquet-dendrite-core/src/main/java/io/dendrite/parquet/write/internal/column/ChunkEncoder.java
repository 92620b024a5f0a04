package io.dendrite.parquet.write.internal.column;

import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.statistics.SizeStatistics;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.column.values.bloomfilter.BlockSplitBloomFilter;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/**
 * Encodes one leaf's buffered entries as a column chunk of data page v1 or v2 pages, with
 * parquet-java's choice of encodings for each version or, with
 * {@link ChunkOptions#autoEncodings()}, the one {@link AutoEncodings} makes from the data, and
 * hands them to a {@link ChunkOutput}:
 * the file (parquet-java's {@code ParquetFileWriter}, which writes page headers with CRCs,
 * chunk metadata, column and offset indexes) or a buffer for it. Each page is compressed into
 * the compressor's buffer and handed over before the next is encoded. One instance per thread:
 * its buffers are reused chunk after chunk.
 */
final class ChunkEncoder {
  /** parquet-java's default limit of a bloom filter's size. */
  private static final int MAX_BLOOM_FILTER_BYTES = 1 << 20;
  private static final double BLOOM_FILTER_FPP = 0.01;

  private final ByteSink page = new ByteSink(1 << 16);
  private final ByteSink scratch = new ByteSink(1 << 10);
  private final RleHybridEncoder rle = new RleHybridEncoder();
  private final PlainEncoder plain = new PlainEncoder();
  private final ValueDictionary dictionary = new ValueDictionary();
  private final PageCuts cuts = new PageCuts();
  private final ByteSink repLevels = new ByteSink(1 << 10);
  private final ByteSink defLevels = new ByteSink(1 << 10);
  private final DeltaBinaryPackedEncoder delta = new DeltaBinaryPackedEncoder();
  private final DeltaByteArrayEncoder deltaBytes = new DeltaByteArrayEncoder();
  private final DeltaLengthByteArrayEncoder deltaLengths = new DeltaLengthByteArrayEncoder();
  private final AutoEncodings auto = new AutoEncodings();
  private int[] bits = new int[64];
  /** Per dictionary id, the mark of the last page that used it ({@link #distinctValues}). */
  private int[] seenOnPage = new int[64];
  private int pageMark;
  private int[] distinct = new int[64];
  /** Whether this chunk has a complete dictionary (below), whether or not it pays. */
  private boolean dictionaryBuilt;
  /**
   * This chunk's dictionary: its size and PLAIN bytes, each value's id, and where each id's
   * value is: {@code dictionaryValues}' value {@code dictionaryIndex[id]}. Numbers' dictionary
   * is built here ({@link #dictionary}, indexes into the leaf); byte arrays' is the leaf's own
   * ({@link ByteArrayDictionary}, kept as values were added or built now from the raw ones;
   * its distinct values in id order).
   */
  private int dictionarySize;
  private long dictionaryPlainBytes;
  private int[] ids;
  private LeafBuffer dictionaryValues;
  private int[] dictionaryIndex;
  private int[] identity = new int[64];
  /** This thread's dictionaries built from raw byte arrays, by fixed length (0: BINARY). */
  private final Map<Integer, ByteArrayDictionary> byteArrayDictionaries = new HashMap<>();

  /**
   * Writes {@code leaf}'s chunk between {@code startColumn} and {@code endColumn}. Returns what
   * {@link AutoEncodings} chose when that differs from parquet-java's choice, else null.
   */
  AutoEncodings.Choice write(LeafBuffer leaf, ChunkOptions options, PageStatistics statistics,
      PageSizeStatistics sizes, PageCompressor compressor, ChunkOutput out)
      throws IOException {
    boolean v2 = options.pageVersion() == 2;
    boolean split = options.byteStreamSplit() && leaf.type != PrimitiveTypeName.BOOLEAN
        && leaf.type != PrimitiveTypeName.BINARY;
    boolean dict = useDictionary(leaf, options);
    if (!dict && leaf.dictionary != null) {
      leaf.leaveDictionary(); // the values' bytes, for the other encodings
    }
    Encoding valuesEncoding = split ? Encoding.BYTE_STREAM_SPLIT
        : v2 ? v2Fallback(leaf.type) : Encoding.PLAIN;
    int idBits = dict ? RleHybridEncoder.bitWidth(dictionarySize - 1) : 0;
    int valueBits = dict ? Math.max(1, idBits) : plainBits(leaf);
    double byteArrayScale = 1;
    AutoEncodings.Choice changed = null;
    if (options.autoEncodings() && !split && leaf.values > 0) {
      AutoEncodings.Choice choice = auto.choose(leaf, dictionaryBytes(leaf, options));
      if (choice != null && (choice.dictionary() != dict
          || (!dict && choice.encoding() != valuesEncoding))) {
        changed = choice;
        if (choice.dictionary()) {
          // The dictionary built to estimate it is this chunk's; ids and bits as by default.
          dict = true;
          idBits = RleHybridEncoder.bitWidth(dictionarySize - 1);
          valueBits = Math.max(1, idBits);
        } else {
          dict = false;
          valuesEncoding = choice.encoding();
          valueBits = choice.bitsPerValue();
          byteArrayScale = choice.byteArrayScale();
        }
      }
    }
    cuts.cut(leaf, valueBits, byteArrayScale, options.pageSize(), options.pageRows());
    out.startColumn(leaf.column, leaf.entries, options.codec());
    if (dict) {
      page.reset();
      plain.encodeAt(dictionaryValues, dictionaryIndex, dictionarySize, page);
      int size = page.size();
      BytesInput compressed = compressor.compress(page.array(), size);
      // Data page v1 files name the dictionary page PLAIN_DICTIONARY, v2 files PLAIN.
      out.writeDictionaryPage(new DictionaryPage(compressed, size, dictionarySize,
          v2 ? Encoding.PLAIN : Encoding.PLAIN_DICTIONARY));
    }
    if (options.bloomFilter() && leaf.type != PrimitiveTypeName.BOOLEAN) {
      out.addBloomFilter(String.join(".", leaf.column.getPath()), bloomFilter(leaf, dict));
    }
    if (dict) {
      valuesEncoding = v2 ? Encoding.RLE_DICTIONARY : Encoding.PLAIN_DICTIONARY;
    }
    Encoding rlEncoding = leaf.maxRep > 0 ? Encoding.RLE : Encoding.BIT_PACKED;
    Encoding dlEncoding = leaf.maxDef > 0 ? Encoding.RLE : Encoding.BIT_PACKED;
    for (int p = 0; p < cuts.pages; p++) {
      int entryFrom = cuts.entryStart(p);
      int entryTo = cuts.entryEnds[p];
      int valueFrom = cuts.valueStart(p);
      int valueTo = cuts.valueEnds[p];
      int nulls = (entryTo - entryFrom) - (valueTo - valueFrom);
      page.reset();
      if (!v2) {
        // Data page v1: levels with length prefixes, then values, compressed together.
        if (leaf.maxRep > 0) {
          rle.encodeWithLength(leaf.rep, entryFrom, entryTo,
              RleHybridEncoder.bitWidth(leaf.maxRep), page);
        }
        if (leaf.maxDef > 0) { // levels not stored (null) are all at one level
          rle.encodeLevelsWithLength(leaf.def, leaf.defAll, entryFrom, entryTo,
              RleHybridEncoder.bitWidth(leaf.maxDef), page);
        }
      }
      if (dict) {
        page.writeByte(idBits);
        rle.encode(ids, valueFrom, valueTo, idBits, page);
      } else {
        values(leaf, valuesEncoding, valueFrom, valueTo, page);
      }
      int size = page.size();
      BytesInput compressed = compressor.compress(page.array(), size);
      Statistics<?> pageStatistics;
      if (dict && leaf.valueEnds != null) { // byte arrays
        int count = distinctValues(valueFrom, valueTo); // may grow the distinct array
        pageStatistics = statistics.ofDistinct(dictionaryValues, distinct, count, nulls);
      } else {
        pageStatistics = statistics.of(leaf, valueFrom, valueTo, nulls);
      }
      SizeStatistics pageSizes =
          sizes.of(leaf, entryFrom, entryTo, leaf.unencodedBytes(valueFrom, valueTo));
      if (v2) {
        // Data page v2: levels without length prefixes and uncompressed, apart from values.
        out.writeDataPageV2(cuts.rows[p], nulls, entryTo - entryFrom,
            levels(leaf.rep, 0, leaf.maxRep, entryFrom, entryTo, repLevels),
            levels(leaf.def, leaf.defAll, leaf.maxDef, entryFrom, entryTo, defLevels),
            valuesEncoding,
            compressed, size, pageStatistics, pageSizes);
      } else {
        out.writeDataPage(entryTo - entryFrom, size, compressed, pageStatistics, cuts.rows[p],
            rlEncoding, dlEncoding, valuesEncoding, pageSizes);
      }
    }
    out.endColumn();
    return changed;
  }

  /**
   * Puts in {@link #distinct} the index in {@code dictionaryValues} of each dictionary entry
   * that values {@code [from, to)} use, once each, and returns how many: a page's statistics
   * then compare distinct values only.
   */
  private int distinctValues(int from, int to) {
    int entries = dictionarySize;
    if (seenOnPage.length < entries) {
      seenOnPage = new int[Math.max(entries, seenOnPage.length * 2)];
      distinct = new int[seenOnPage.length];
    }
    if (++pageMark == 0) { // wrapped: the old marks would read as this page's
      Arrays.fill(seenOnPage, 0);
      pageMark = 1;
    }
    int mark = pageMark;
    int[] seen = seenOnPage;
    int[] ids = this.ids;
    int[] first = dictionaryIndex;
    int count = 0;
    for (int i = from; i < to; i++) {
      int id = ids[i];
      if (seen[id] != mark) {
        seen[id] = mark;
        distinct[count++] = first[id];
      }
    }
    return count;
  }

  /** The dictionary a raw byte-array chunk of {@code leaf}'s type is built into. */
  private ByteArrayDictionary byteArrayDictionary(LeafBuffer leaf) {
    return byteArrayDictionaries.computeIfAbsent(leaf.fixedLength,
        length -> new ByteArrayDictionary(length == 0
            ? Types.required(PrimitiveTypeName.BINARY).named("dictionary")
            : Types.required(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY).length(length)
                .named("dictionary")));
  }

  /** parquet-java's v2 encodings where there is no dictionary. */
  private static Encoding v2Fallback(PrimitiveTypeName type) {
    switch (type) {
      case BOOLEAN:
        return Encoding.RLE;
      case INT32:
      case INT64:
        return Encoding.DELTA_BINARY_PACKED;
      case BINARY:
      case FIXED_LEN_BYTE_ARRAY:
        return Encoding.DELTA_BYTE_ARRAY;
      default:
        return Encoding.PLAIN;
    }
  }

  /** Values {@code [from, to)} in {@code encoding}, which is not a dictionary's. */
  private void values(LeafBuffer leaf, Encoding encoding, int from, int to, ByteSink out) {
    switch (encoding) {
      case PLAIN:
        plain.encode(leaf, from, to, out);
        break;
      case BYTE_STREAM_SPLIT:
        plain.encodeByteStreamSplit(leaf, from, to, scratch, out);
        break;
      case DELTA_LENGTH_BYTE_ARRAY:
        deltaLengths.encode(leaf, from, to, out);
        break;
      default: // RLE booleans, DELTA_BINARY_PACKED, DELTA_BYTE_ARRAY
        deltaValues(leaf, from, to, out);
        break;
    }
  }

  /** The values of a type in its DELTA encoding (RLE for booleans). */
  private void deltaValues(LeafBuffer leaf, int from, int to, ByteSink out) {
    switch (leaf.type) {
      case BOOLEAN: {
        // RLE booleans: bit width 1 with a 4-byte length prefix.
        if (bits.length < to - from) {
          bits = new int[Math.max(to - from, bits.length * 2)];
        }
        for (int i = from; i < to; i++) {
          bits[i - from] = leaf.booleans[i] ? 1 : 0;
        }
        rle.encodeWithLength(bits, 0, to - from, 1, out);
        break;
      }
      case INT32:
        delta.encodeInts(leaf.ints, from, to, out);
        break;
      case INT64:
        delta.encodeLongs(leaf.longs, from, to, out);
        break;
      default:
        deltaBytes.encode(leaf, from, to, out);
        break;
    }
  }

  /**
   * A v2 page's repetition or definition levels; empty when the column has none. Levels not
   * stored (null; definition levels only) are all at {@code absent}.
   */
  private BytesInput levels(int[] levels, int absent, int maxLevel, int from, int to,
      ByteSink sink) {
    if (maxLevel == 0) {
      return BytesInput.empty();
    }
    sink.reset();
    rle.encodeLevels(levels, absent, from, to, RleHybridEncoder.bitWidth(maxLevel), sink);
    return BytesInput.from(sink.array(), 0, sink.size());
  }

  /**
   * A dictionary when allowed, when it stays within the page size and when it makes the chunk
   * smaller than PLAIN (parquet-java's rule too). Booleans never get one.
   */
  private boolean useDictionary(LeafBuffer leaf, ChunkOptions options) {
    dictionaryBuilt = false;
    if (!options.dictionary() || options.byteStreamSplit() || leaf.values == 0
        || leaf.type == PrimitiveTypeName.BOOLEAN) {
      return false;
    }
    if (leaf.valueEnds != null) { // byte arrays
      ByteArrayDictionary d = leaf.buildDictionary(byteArrayDictionary(leaf));
      if (d == null) {
        return false; // it passed the page size
      }
      dictionarySize = d.size();
      dictionaryPlainBytes = d.plainBytes;
      ids = d.ids;
      dictionaryValues = d.distinct;
      if (identity.length < dictionarySize) {
        identity = new int[Math.max(dictionarySize, identity.length * 2)];
      }
      for (int k = 0; k < dictionarySize; k++) {
        identity[k] = k;
      }
      dictionaryIndex = identity;
    } else {
      if (!dictionary.build(leaf, options.pageSize())) {
        return false;
      }
      dictionarySize = dictionary.size;
      dictionaryPlainBytes = dictionary.plainBytes;
      ids = dictionary.ids;
      dictionaryValues = leaf;
      dictionaryIndex = dictionary.firstIndex;
    }
    dictionaryBuilt = true;
    long idBytes = ((long) leaf.values * RleHybridEncoder.bitWidth(dictionarySize - 1) + 7) / 8;
    return dictionaryPlainBytes + idBytes < leaf.plainBytes();
  }

  /**
   * The dictionary's estimated bytes (its PLAIN page and the bit-packed ids) when it may be
   * used for this chunk, else -1. Builds it when {@link #useDictionary} did not (it gives up
   * early when a dictionary is not allowed).
   */
  private long dictionaryBytes(LeafBuffer leaf, ChunkOptions options) {
    if (!options.dictionary() || options.byteStreamSplit()
        || leaf.type == PrimitiveTypeName.BOOLEAN || !dictionaryBuilt) {
      return -1;
    }
    return dictionaryPlainBytes
        + ((long) leaf.values * RleHybridEncoder.bitWidth(dictionarySize - 1) + 7) / 8;
  }

  /** PLAIN bits per value, 0 for BYTE_ARRAY (whose size varies). */
  private static int plainBits(LeafBuffer leaf) {
    return leaf.type == PrimitiveTypeName.BOOLEAN ? 1 : 8 * leaf.plainWidth;
  }

  /** A filter sized for the chunk's distinct values (all values when there is no dictionary). */
  private BloomFilter bloomFilter(LeafBuffer leaf, boolean dict) {
    int distinct = dict ? dictionarySize : leaf.values;
    int bytes = Math.min(MAX_BLOOM_FILTER_BYTES,
        BlockSplitBloomFilter.optimalNumOfBits(Math.max(1, distinct), BLOOM_FILTER_FPP) / 8);
    BlockSplitBloomFilter filter = new BlockSplitBloomFilter(bytes, MAX_BLOOM_FILTER_BYTES);
    LeafBuffer values = dict ? dictionaryValues : leaf;
    for (int k = 0; k < distinct; k++) {
      filter.insertHash(hash(filter, values, dict ? dictionaryIndex[k] : k));
    }
    return filter;
  }

  private static long hash(BloomFilter filter, LeafBuffer leaf, int i) {
    switch (leaf.type) {
      case INT32:
        return filter.hash(leaf.ints[i]);
      case INT64:
        return filter.hash(leaf.longs[i]);
      case FLOAT:
        return filter.hash(leaf.floats[i]);
      case DOUBLE:
        return filter.hash(leaf.doubles[i]);
      default: {
        int start = leaf.valueStart(i);
        return filter.hash(Binary.fromConstantByteArray(leaf.bytes, start,
            leaf.valueEnds[i] - start));
      }
    }
  }
}
