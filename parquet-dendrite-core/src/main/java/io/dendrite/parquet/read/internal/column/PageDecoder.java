package io.dendrite.parquet.read.internal.column;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * One data page opened for decoding: its repetition and definition level decoders and its
 * values decoder, chosen from the page's encodings. Page v1 holds the levels (RLE with a 4-byte
 * length, or the deprecated BIT_PACKED) before the values; page v2 holds them in sections of
 * their own, RLE without a length. The decoders are reused from page to page of the chunk.
 */
final class PageDecoder {
  private final ColumnDescriptor column;
  private final PrimitiveTypeName type;
  private final int typeLength;
  private final int maxRep;
  private final int maxDef;
  private final RleHybridDecoder repRle = new RleHybridDecoder();
  private final RleHybridDecoder defRle = new RleHybridDecoder();
  private BitPackedLevelDecoder repBitPacked;
  private BitPackedLevelDecoder defBitPacked;
  private PlainValuesDecoder plain;
  private DeltaBinaryPackedDecoder deltaBinaryPacked;
  private DeltaLengthByteArrayDecoder deltaLength;
  private DeltaByteArrayDecoder deltaByteArray;
  private ByteStreamSplitDecoder byteStreamSplit;
  private RleBooleanDecoder rleBoolean;
  private FallbackValuesDecoder fallback;

  /** The page's repetition levels (when the column has them). */
  LevelDecoder rep;
  /** The page's definition levels (when the column has them). */
  LevelDecoder def;
  /** Whether the values are dictionary ids ({@link #ids}) rather than values ({@link #values}). */
  boolean dictionaryEncoded;
  final DictionaryIdsDecoder ids = new DictionaryIdsDecoder();
  ValuesDecoder values;

  PageDecoder(ColumnDescriptor column) {
    this.column = column;
    this.type = column.getPrimitiveType().getPrimitiveTypeName();
    this.typeLength = column.getPrimitiveType().getTypeLength();
    this.maxRep = column.getMaxRepetitionLevel();
    this.maxDef = column.getMaxDefinitionLevel();
  }

  /** The encoding of a data page's values. */
  static Encoding valueEncoding(DataPage page) {
    return page instanceof DataPageV1 v1 ? v1.getValueEncoding()
        : ((DataPageV2) page).getDataEncoding();
  }

  /**
   * Opens {@code page} (decompressed).
   *
   * @param dictionary the chunk's dictionary when the page is dictionary-encoded, else null
   */
  void open(DataPage page, ColumnDictionary dictionary) {
    int entries = page.getValueCount();
    int start;
    int end;
    byte[] buf;
    if (page instanceof DataPageV1 v1) {
      ByteBuffer b = heap(v1.getBytes());
      buf = b.array();
      start = b.arrayOffset() + b.position();
      end = start + b.remaining();
      if (maxRep > 0) {
        start = openV1Levels(true, v1.getRlEncoding(), entries, buf, start, end);
      }
      if (maxDef > 0) {
        start = openV1Levels(false, v1.getDlEncoding(), entries, buf, start, end);
      }
    } else {
      DataPageV2 v2 = (DataPageV2) page;
      if (v2.isCompressed()) { // parquet-java's page reader decompresses them
        throw new InvalidPageException("data page v2 arrived compressed");
      }
      if (maxRep > 0) {
        ByteBuffer b = heap(v2.getRepetitionLevels());
        int s = b.arrayOffset() + b.position();
        repRle.init(b.array(), s, s + b.remaining(), bitWidth(maxRep));
        rep = repRle;
      }
      if (maxDef > 0) {
        ByteBuffer b = heap(v2.getDefinitionLevels());
        int s = b.arrayOffset() + b.position();
        defRle.init(b.array(), s, s + b.remaining(), bitWidth(maxDef));
        def = defRle;
      }
      ByteBuffer b = heap(v2.getData());
      buf = b.array();
      start = b.arrayOffset() + b.position();
      end = start + b.remaining();
    }
    openValues(valueEncoding(page), entries, dictionary, buf, start, end);
  }

  private int openV1Levels(boolean repetition, Encoding encoding, int entries, byte[] buf,
      int start, int end) {
    int bitWidth = bitWidth(repetition ? maxRep : maxDef);
    String what = repetition ? "repetition levels" : "definition levels";
    if (encoding == Encoding.RLE) {
      ByteCursor in = new ByteCursor();
      in.reset(buf, start, end);
      int length = in.readIntLittleEndian("length of the " + what);
      if (length < 0) {
        throw new InvalidPageException(what + " of negative length " + length);
      }
      in.need(length, what);
      RleHybridDecoder d = repetition ? repRle : defRle;
      d.init(buf, in.pos, in.pos + length, bitWidth);
      setLevels(repetition, d);
      return in.pos + length;
    }
    if (encoding == Encoding.BIT_PACKED) {
      long length = ((long) entries * bitWidth + 7) / 8;
      if (length > end - start) {
        throw new InvalidPageException(entries + " BIT_PACKED " + what + ": " + length
            + " bytes needed, " + (end - start) + " left in the page");
      }
      BitPackedLevelDecoder d = repetition
          ? (repBitPacked = repBitPacked == null ? new BitPackedLevelDecoder() : repBitPacked)
          : (defBitPacked = defBitPacked == null ? new BitPackedLevelDecoder() : defBitPacked);
      d.init(buf, start, start + (int) length, bitWidth);
      setLevels(repetition, d);
      return start + (int) length;
    }
    throw new InvalidPageException(what + " encoding " + encoding + " is not a level encoding");
  }

  private void setLevels(boolean repetition, LevelDecoder d) {
    if (repetition) {
      rep = d;
    } else {
      def = d;
    }
  }

  private void openValues(Encoding encoding, int entries, ColumnDictionary dictionary,
      byte[] buf, int start, int end) {
    dictionaryEncoded = encoding.usesDictionary();
    if (dictionaryEncoded) {
      ids.init(buf, start, end, dictionary.size);
      return;
    }
    switch (encoding) {
      case PLAIN:
        if (plain == null) {
          plain = new PlainValuesDecoder(type, typeLength);
        }
        plain.init(buf, start, end);
        values = plain;
        return;
      case DELTA_BINARY_PACKED:
        if (type == PrimitiveTypeName.INT32 || type == PrimitiveTypeName.INT64) {
          if (deltaBinaryPacked == null) {
            deltaBinaryPacked = DeltaBinaryPackedDecoder.forType(type);
          }
          deltaBinaryPacked.init(buf, start, end);
          values = deltaBinaryPacked;
          return;
        }
        break;
      case DELTA_LENGTH_BYTE_ARRAY:
        if (type == PrimitiveTypeName.BINARY) {
          if (deltaLength == null) {
            deltaLength = new DeltaLengthByteArrayDecoder();
          }
          deltaLength.init(buf, start, end);
          values = deltaLength;
          return;
        }
        break;
      case DELTA_BYTE_ARRAY:
        if (type == PrimitiveTypeName.BINARY || type == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY) {
          if (deltaByteArray == null) {
            deltaByteArray = new DeltaByteArrayDecoder(
                type == PrimitiveTypeName.BINARY ? -1 : typeLength);
          }
          deltaByteArray.init(buf, start, end);
          values = deltaByteArray;
          return;
        }
        break;
      case BYTE_STREAM_SPLIT:
        if (type != PrimitiveTypeName.BOOLEAN && type != PrimitiveTypeName.BINARY
            && type != PrimitiveTypeName.INT96) {
          if (byteStreamSplit == null) {
            byteStreamSplit = new ByteStreamSplitDecoder(type, typeLength);
          }
          byteStreamSplit.init(buf, start, end);
          values = byteStreamSplit;
          return;
        }
        break;
      case RLE:
        if (type == PrimitiveTypeName.BOOLEAN) {
          if (rleBoolean == null) {
            rleBoolean = new RleBooleanDecoder();
          }
          rleBoolean.init(buf, start, end);
          values = rleBoolean;
          return;
        }
        break;
      default:
        break;
    }
    if (fallback == null) {
      fallback = new FallbackValuesDecoder(column);
    }
    fallback.init(encoding, entries, buf, start, end);
    values = fallback;
  }

  /** Skips the page's next {@code n} values (or dictionary ids). */
  void skipValues(int n) {
    if (dictionaryEncoded) {
      ids.skip(n);
    } else {
      values.skip(n);
    }
  }

  /** Bits of a level up to {@code max}. */
  static int bitWidth(int max) {
    return 32 - Integer.numberOfLeadingZeros(max);
  }

  /** The bytes of {@code in} as a heap buffer (copied only when parquet-java gave another kind). */
  static ByteBuffer heap(BytesInput in) {
    try {
      ByteBuffer b = in.toByteBuffer();
      if (b.hasArray()) {
        return b;
      }
      byte[] copy = new byte[b.remaining()];
      b.duplicate().get(copy);
      return ByteBuffer.wrap(copy);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the page's bytes", e);
    }
  }
}
