package io.dendrite.parquet.read.internal.plan;

import io.dendrite.parquet.filter.Filter;
import io.dendrite.parquet.filter.Filter.Literal;
import io.dendrite.parquet.filter.Filter.Op;
import io.dendrite.parquet.filter.internal.ValueCasts;
import io.dendrite.parquet.path.SelectionPath;
import io.dendrite.parquet.read.FilterPlan.ReadReport;
import io.dendrite.parquet.read.FilterPlan.RowRanges;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.EncodingStats;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.DictionaryPageReadStore;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;

/**
 * The rows of one row group where a filter may be true, or may be false, from metadata at one
 * {@link Level} of detail. Each leaf's row set is a union of sound "may" terms, each from one
 * column's pages; {@code and}/{@code or}/{@code not} combine them (see {@code FilterPlanner}).
 */
public final class RowGroupPlanner {
  /** How much metadata is consulted. */
  public enum Level {
    /** Footer statistics of each column chunk. */
    CHUNK,
    /** Also dictionaries and bloom filters of the typed columns. */
    REFINED,
    /** Also column indexes, page by page. */
    PAGES
  }

  /** The v1 encodings of a chunk written entirely with a dictionary (old files use them). */
  @SuppressWarnings("deprecation")
  private static final Set<Encoding> LEVEL_ENCODINGS =
      EnumSet.of(Encoding.RLE, Encoding.BIT_PACKED, Encoding.PLAIN_DICTIONARY);

  /** A variant null: basic type 0, primitive type 0. */
  private static final Binary VARIANT_NULL = Binary.fromConstantByteArray(new byte[] {0});

  private final ParquetFileReader file;
  private final int index;
  private final MessageType schema;
  private final Map<SelectionPath, PathColumns> paths;
  private final RowRanges all;
  private final Map<ColumnPath, ColumnChunkMetaData> chunks = new HashMap<>();
  private final Map<ColumnPath, ColumnPages> chunkPages = new HashMap<>();
  private final Map<ColumnPath, ColumnPages> indexPages = new HashMap<>();
  private final Map<Filter.Compare, Boolean> refined = new HashMap<>();
  private DictionaryPageReadStore dictionaries;
  private boolean dictionaryExcluded;

  public RowGroupPlanner(ParquetFileReader file, int index, BlockMetaData block, MessageType schema,
      Map<SelectionPath, PathColumns> paths) {
    this.file = file;
    this.index = index;
    this.schema = schema;
    this.paths = paths;
    this.all = RowRanges.all(block.getRowCount());
    for (ColumnChunkMetaData c : block.getColumns()) {
      chunks.put(c.getPath(), c);
    }
  }

  /** Why the refined level found nothing: a dictionary, else a bloom filter. */
  public ReadReport.Reason refinedBy() {
    return dictionaryExcluded ? ReadReport.Reason.DICTIONARY : ReadReport.Reason.BLOOM_FILTER;
  }

  public RowRanges mayTrue(Filter f, Level level) {
    if (f instanceof Filter.And a) {
      return inEvery(a.filters(), x -> mayTrue(x, level));
    }
    if (f instanceof Filter.Or o) {
      return inAny(o.filters(), x -> mayTrue(x, level));
    }
    if (f instanceof Filter.Not n) {
      return mayFalse(n.filter(), level);
    }
    if (f instanceof Filter.Compare c) {
      return compare(c, c.op(), level);
    }
    return nullTest((Filter.IsNull) f, true, level);
  }

  RowRanges mayFalse(Filter f, Level level) {
    if (f instanceof Filter.And a) {
      return inAny(a.filters(), x -> mayFalse(x, level));
    }
    if (f instanceof Filter.Or o) {
      return inEvery(o.filters(), x -> mayFalse(x, level));
    }
    if (f instanceof Filter.Not n) {
      return mayTrue(n.filter(), level);
    }
    if (f instanceof Filter.Compare c) {
      // Any-element comparisons are false for an empty array: nothing in metadata bounds that.
      return c.path().firstAny() >= 0 ? all : compare(c, c.op().negate(), level);
    }
    return nullTest((Filter.IsNull) f, false, level);
  }

  /**
   * Rows where the filter is certainly true, so that they need no exact test. Only what the
   * statistics decide exactly is proven: {@code and}/{@code or} of comparisons of a number with
   * a whole-number column or typed leaf (int32 or int64, which every row casts to a number
   * exactly), on pages without a null whose min and max both satisfy the comparison. Anything
   * else proves nothing.
   */
  public RowRanges certain(Filter f) {
    if (f instanceof Filter.And a) {
      return inEvery(a.filters(), this::certain);
    }
    if (f instanceof Filter.Or o) {
      return inAny(o.filters(), this::certain);
    }
    return f instanceof Filter.Compare c ? certainCompare(c) : RowRanges.EMPTY;
  }

  /** The rows in every filter's row set (stops at the first empty intersection). */
  private RowRanges inEvery(List<Filter> filters, Function<Filter, RowRanges> rows) {
    RowRanges r = all;
    for (Filter x : filters) {
      r = RowRanges.intersection(r, rows.apply(x));
      if (r.rowCount() == 0) {
        break;
      }
    }
    return r;
  }

  /** The rows in some filter's row set. */
  private static RowRanges inAny(List<Filter> filters, Function<Filter, RowRanges> rows) {
    RowRanges r = RowRanges.EMPTY;
    for (Filter x : filters) {
      r = RowRanges.union(r, rows.apply(x));
    }
    return r;
  }

  private RowRanges certainCompare(Filter.Compare c) {
    PathColumns pc = paths.get(c.path());
    if (pc.kind == PathColumns.Kind.OPAQUE || pc.indexed || c.path().firstAny() >= 0
        || c.literal().kind() != Literal.Kind.NUMBER || !ParquetValues.isWholeNumber(pc.type)) {
      return RowRanges.EMPTY;
    }
    ColumnPages p = pages(pc.column, Level.PAGES);
    if (p == null) {
      return RowRanges.EMPTY;
    }
    BigDecimal literal = (BigDecimal) c.literal().value();
    // No null in a typed leaf's page also means no row missing the path or held by an ancestor.
    RowRanges r = p.rows(i -> !p.mayHaveNull(i) && p.min(i) != null && p.max(i) != null
        && always(c.op(), sign(p.min(i), literal), sign(p.max(i), literal)));
    if (pc.value != null && r.rowCount() > 0) {
      // The leaf's value column must be null there too (the spec's rule; a file that breaks
      // it is left to the exact test).
      ColumnPages v = valuePages(pc.value, Level.PAGES);
      r = v == null ? RowRanges.EMPTY
          : RowRanges.intersection(r, v.rows(i -> !v.mayHaveValue(i)));
    }
    return r;
  }

  private static int sign(Object parquetValue, BigDecimal literal) {
    return BigDecimal.valueOf(((Number) parquetValue).longValue()).compareTo(literal);
  }

  /**
   * Whether every value in [lo, hi] satisfies {@code op literal}, given the signs of
   * {@code lo - literal} and {@code hi - literal}.
   */
  private static boolean always(Op op, int lo, int hi) {
    switch (op) {
      case EQ:
        return lo == 0 && hi == 0;
      case NE:
        return hi < 0 || lo > 0;
      case LT:
        return hi < 0;
      case LE:
        return hi <= 0;
      case GT:
        return lo > 0;
      default:
        return lo >= 0;
    }
  }

  /** Rows where {@code path op literal} may be true. */
  private RowRanges compare(Filter.Compare c, Op op, Level level) {
    PathColumns pc = paths.get(c.path());
    switch (pc.kind) {
      case ORDINARY:
        return typed(pc, c, op, level);
      case TYPED:
        return RowRanges.union(RowRanges.union(values(pc, level, false), hidden(pc, level)),
            typed(pc, c, op, level));
      default:
        return all;
    }
  }

  /**
   * Rows where {@code is null} ({@code wantTrue}) or {@code is not null} may hold; the same for
   * {@code is missing}.
   */
  private RowRanges nullTest(Filter.IsNull n, boolean wantTrue, Level level) {
    PathColumns pc = paths.get(n.path());
    if (pc.kind == PathColumns.Kind.OPAQUE) {
      return all;
    }
    ColumnPages typed = pages(pc.column, level);
    if (typed == null) {
      return all;
    }
    if (pc.kind == PathColumns.Kind.ORDINARY) {
      if (n.missing()) {
        return wantTrue ? RowRanges.EMPTY : all; // a column's value is never missing
      }
      return wantTrue ? typed.rows(typed::mayHaveNull) : typed.rows(typed::mayHaveValue);
    }
    if (wantTrue) {
      if (pc.indexed) {
        return all; // an index past the array's end is missing, whatever the elements are
      }
      // Missing, SQL NULL and an ancestor holding the row all leave the typed leaf null.
      RowRanges typedNull = typed.rows(typed::mayHaveNull);
      return n.missing() ? typedNull : RowRanges.union(typedNull, values(pc, level, true));
    }
    // Present (is not missing): JSON nulls count; not null: they don't.
    RowRanges present = RowRanges.union(RowRanges.union(typed.rows(typed::mayHaveValue),
        values(pc, level, n.missing())), hidden(pc, level));
    if (n.missing() && pc.bothNullIsNull) {
      // An element or column with neither value nor typed_value reads as JSON null: present.
      present = RowRanges.union(present, typed.rows(typed::mayHaveNull));
    }
    return present;
  }

  /**
   * Rows where the leaf's {@code value} column is set: any variant may be there. Without
   * {@code jsonNulls}, pages whose values are all the variant null (min = max = {@code 00})
   * are left out: a JSON null neither compares nor is a value.
   */
  private RowRanges values(PathColumns pc, Level level, boolean jsonNulls) {
    if (pc.value == null) {
      return RowRanges.EMPTY;
    }
    ColumnPages p = valuePages(pc.value, level);
    if (p == null) {
      return all;
    }
    return p.rows(i -> p.mayHaveValue(i) && (jsonNulls || !onlyVariantNulls(p, i)));
  }

  private static boolean onlyVariantNulls(ColumnPages p, int i) {
    return VARIANT_NULL.equals(p.min(i)) && VARIANT_NULL.equals(p.max(i));
  }

  /** Rows where an ancestor may hold the whole value in its {@code value} column. */
  private RowRanges hidden(PathColumns pc, Level level) {
    RowRanges r = RowRanges.EMPTY;
    ColumnPages leaf = pages(pc.column, level);
    for (PathColumns.Hider h : pc.hiders) {
      ColumnPages v = valuePages(h.value(), level);
      if (v == null || leaf == null) {
        return all;
      }
      RowRanges set = v.rows(v::mayHaveValue);
      if (set.rowCount() > 0) {
        set = RowRanges.intersection(set, leaf.rows(i -> leaf.mayHaveLevel(i, h.level())));
      }
      r = RowRanges.union(r, set);
    }
    return r;
  }

  /** Rows where the column's own (typed) values may satisfy {@code op literal}. */
  private RowRanges typed(PathColumns pc, Filter.Compare c, Op op, Level level) {
    Literal literal = c.literal();
    if (op == Op.EQ) {
      List<Object> equal = ParquetValues.equalValues(pc.type, literal);
      if (equal != null && equal.isEmpty()) {
        return RowRanges.EMPTY; // no value of this type casts to the literal
      }
    }
    ColumnPages p = pages(pc.column, level);
    if (p == null) {
      return all;
    }
    Function<Object, Comparable<?>> keys = ParquetValues.keys(pc.type, literal.kind());
    Comparable<?> lit = ParquetValues.literalKey(literal);
    RowRanges r = p.rows(i -> p.mayHaveValue(i) && (keys == null
        || satisfiable(op, key(keys, p.min(i)), key(keys, p.max(i)), lit)));
    if (level != Level.CHUNK && r.rowCount() > 0 && !refine(pc, c, op)) {
      return RowRanges.EMPTY;
    }
    return r;
  }

  private static Comparable<?> key(Function<Object, Comparable<?>> keys, Object v) {
    return v == null ? null : keys.apply(v);
  }

  /** Whether some value in [lo, hi] (null: unbounded) may satisfy {@code op lit}. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static boolean satisfiable(Op op, Comparable lo, Comparable hi, Comparable lit) {
    switch (op) {
      case EQ:
        return (lo == null || lo.compareTo(lit) <= 0) && (hi == null || hi.compareTo(lit) >= 0);
      case NE:
        return lo == null || hi == null || lo.compareTo(lit) != 0 || hi.compareTo(lit) != 0;
      case LT:
        return lo == null || lo.compareTo(lit) < 0;
      case LE:
        return lo == null || lo.compareTo(lit) <= 0;
      case GT:
        return hi == null || hi.compareTo(lit) > 0;
      default:
        return hi == null || hi.compareTo(lit) >= 0;
    }
  }

  /**
   * Whether the chunk's typed values may satisfy {@code op literal}, by its dictionary (every
   * entry cast and compared exactly as rows are) and, for equality, its bloom filter.
   */
  private boolean refine(PathColumns pc, Filter.Compare c, Op op) {
    Filter.Compare key = new Filter.Compare(c.path(), op, c.literal());
    Boolean known = refined.get(key);
    if (known == null) {
      known = dictionaryMayMatch(pc, c.literal(), op) && bloomMayMatch(pc, c.literal(), op);
      refined.put(key, known);
    }
    return known;
  }

  private boolean dictionaryMayMatch(PathColumns pc, Literal literal, Op op) {
    ColumnChunkMetaData chunk = chunks.get(pc.column);
    DictionaryValues java = pc.dictionaryValues();
    if (chunk == null || java == null || !onlyDictionaryPages(chunk)) {
      return true;
    }
    Dictionary d;
    try {
      if (dictionaries == null) {
        dictionaries = file.getDictionaryReader(index);
      }
      ColumnDescriptor column = schema.getColumnDescription(pc.column.toArray());
      DictionaryPage page = dictionaries.readDictionaryPage(column);
      if (page == null) {
        return true;
      }
      d = page.getEncoding().initDictionary(column, page);
    } catch (IOException | RuntimeException e) {
      return true; // an unreadable dictionary proves nothing; the read itself will report it
    }
    try {
      for (int id = 0; id <= d.getMaxId(); id++) {
        Object value = java.entry(d, id);
        Object cast = ValueCasts.castLazily(literal.kind(), value, java::asVariant);
        if (cast != null && op.test(ValueCasts.compare(cast, literal.value()))) {
          return true;
        }
      }
    } catch (RuntimeException e) {
      return true; // an entry the reader rejects: a row holding it must fail as in a full scan
    }
    dictionaryExcluded = true;
    return false;
  }

  /** Every data page of the chunk is dictionary-encoded (so the dictionary holds every value). */
  @SuppressWarnings("deprecation") // PLAIN_DICTIONARY: the v1 form files still carry
  private static boolean onlyDictionaryPages(ColumnChunkMetaData chunk) {
    if (!chunk.hasDictionaryPage()) {
      return false;
    }
    EncodingStats stats = chunk.getEncodingStats();
    if (stats != null) {
      return stats.hasDictionaryEncodedPages() && !stats.hasNonDictionaryEncodedPages();
    }
    // Without encoding statistics only the v1 form is unambiguous: PLAIN could be a fallback.
    Set<Encoding> encodings = chunk.getEncodings();
    return encodings.contains(Encoding.PLAIN_DICTIONARY)
        && LEVEL_ENCODINGS.containsAll(encodings);
  }

  private boolean bloomMayMatch(PathColumns pc, Literal literal, Op op) {
    ColumnChunkMetaData chunk = chunks.get(pc.column);
    if (op != Op.EQ || chunk == null || chunk.getBloomFilterOffset() < 0) {
      return true;
    }
    List<Object> equal = ParquetValues.equalValues(pc.type, literal);
    if (equal == null) {
      return true;
    }
    BloomFilter bloom;
    try {
      bloom = file.readBloomFilter(chunk);
    } catch (IOException | RuntimeException e) {
      return true;
    }
    if (bloom == null) {
      return true;
    }
    for (Object v : equal) {
      if (bloom.findHash(hash(bloom, v))) {
        return true;
      }
    }
    return false;
  }

  private static long hash(BloomFilter bloom, Object v) {
    if (v instanceof Integer i) {
      return bloom.hash(i.intValue());
    }
    if (v instanceof Long l) {
      return bloom.hash(l.longValue());
    }
    if (v instanceof Float f) {
      return bloom.hash(f.floatValue());
    }
    if (v instanceof Double d) {
      return bloom.hash(d.doubleValue());
    }
    return bloom.hash((Binary) v);
  }

  /**
   * The pages of a column asked only where it may hold values (and their min and max): when
   * its footer statistics say it holds none (a residual {@code value} column of a fully
   * shredded path), a page index cannot say less, so it is not read.
   */
  private ColumnPages valuePages(ColumnPath column, Level level) {
    ColumnPages chunk = pages(column, Level.CHUNK);
    return chunk == null || !chunk.mayHaveValue(0) ? chunk : pages(column, level);
  }

  /** The column's pages at {@code level}; null when the row group has no such chunk. */
  private ColumnPages pages(ColumnPath column, Level level) {
    ColumnChunkMetaData chunk = chunks.get(column);
    if (chunk == null) {
      return null;
    }
    int maxDef = schema.getMaxDefinitionLevel(column.toArray());
    if (level == Level.PAGES) {
      if (!indexPages.containsKey(column)) {
        indexPages.put(column, fromIndex(chunk, maxDef)); // null: no usable index, asked once
      }
      ColumnPages p = indexPages.get(column);
      if (p != null) {
        return p;
      }
    }
    return chunkPages.computeIfAbsent(column,
        c -> ColumnPages.ofChunk(chunk, all.rowCount(), maxDef));
  }

  private ColumnPages fromIndex(ColumnChunkMetaData chunk, int maxDef) {
    if (chunk.getColumnIndexReference() == null || chunk.getOffsetIndexReference() == null) {
      return null;
    }
    try {
      ColumnIndex ci = file.readColumnIndex(chunk);
      OffsetIndex oi = file.readOffsetIndex(chunk);
      return ci == null || oi == null ? null
          : ColumnPages.ofIndex(chunk.getPrimitiveType(), ci, oi, all.rowCount(), maxDef);
    } catch (IOException | RuntimeException e) {
      return null; // an unreadable index proves nothing: the footer statistics still hold
    }
  }
}
