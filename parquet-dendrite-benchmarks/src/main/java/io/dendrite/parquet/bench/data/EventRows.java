package io.dendrite.parquet.bench.data;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The rows of DESIGN.md section 5, generated once per trial from a fixed seed so that every
 * method of a suite (baseline and ours) gets the very same values:
 *
 * <pre>
 *   id        int64   0, 1, 2, ... (unique)
 *   category  string  one of 20 values "cat-00".."cat-19"
 *   nested    VARIANT object
 *     .idstr        string  "item-" + id (unique, short string)
 *     .varid        int64   id
 *     .varcategory  string  one of 20 values "vc-00".."vc-19"
 *     .col4         string  one of 50 values of 80-100 bytes (long-string encoding)
 * </pre>
 *
 * The same rows are available as records for the writers ({@link #records()}: a map per row,
 * {@code nested} a map in the field order above) and as JSON lines ({@link #jsonLines()}).
 */
public final class EventRows {
  /** The record schema, in parquet-dendrite's text form. */
  public static final String RECORD_SCHEMA = "id int64 not null, category string, nested variant";
  /** The shredded type of {@code nested}, used by both parquet-java and parquet-dendrite. */
  public static final String NESTED_SHREDDED_TYPE =
      "{idstr: string, varid: int64, varcategory: string, col4: string}";
  /** The shredding schema of the record. */
  public static final String SHREDDING = "nested: " + NESTED_SHREDDED_TYPE;
  /** Every value of a row as plain top-level columns: the write floor. */
  public static final String PLAIN_SCHEMA = "id int64 not null, category string, idstr string,"
      + " varid int64, varcategory string, col4 string";

  public static final long SEED = 0x5EED_D3ADL;
  private static final int CATEGORIES = 20;
  private static final int COL4_VALUES = 50;

  public final int size;
  public final long[] id;
  public final String[] category;
  public final String[] idstr;
  public final long[] varid;
  public final String[] varcategory;
  public final String[] col4;

  private EventRows(int size) {
    this.size = size;
    id = new long[size];
    category = new String[size];
    idstr = new String[size];
    varid = new long[size];
    varcategory = new String[size];
    col4 = new String[size];
  }

  /** {@code rows} rows from the fixed {@link #SEED}. */
  public static EventRows generate(int rows) {
    if (rows < 1) {
      throw new IllegalArgumentException("rows must be positive, got " + rows);
    }
    String[] categories = new String[CATEGORIES];
    String[] varcategories = new String[CATEGORIES];
    for (int i = 0; i < CATEGORIES; i++) {
      categories[i] = String.format("cat-%02d", i);
      varcategories[i] = String.format("vc-%02d", i);
    }
    SplittableRandom random = new SplittableRandom(SEED);
    String[] col4Values = new String[COL4_VALUES];
    for (int i = 0; i < COL4_VALUES; i++) {
      StringBuilder s = new StringBuilder("col4 value " + i + " ");
      int length = 80 + random.nextInt(21);
      while (s.length() < length) {
        s.append((char) ('a' + random.nextInt(26)));
      }
      col4Values[i] = s.toString();
    }
    EventRows r = new EventRows(rows);
    for (int i = 0; i < rows; i++) {
      r.id[i] = i;
      r.category[i] = categories[random.nextInt(CATEGORIES)];
      r.idstr[i] = "item-" + i;
      r.varid[i] = i;
      r.varcategory[i] = varcategories[random.nextInt(CATEGORIES)];
      r.col4[i] = col4Values[random.nextInt(COL4_VALUES)];
    }
    return r;
  }

  /** Row {@code i} as a record: {@code id}, {@code category}, {@code nested} (a map). */
  public Map<String, Object> record(int i) {
    Map<String, Object> nested = new LinkedHashMap<>(8);
    nested.put("idstr", idstr[i]);
    nested.put("varid", varid[i]);
    nested.put("varcategory", varcategory[i]);
    nested.put("col4", col4[i]);
    Map<String, Object> row = new LinkedHashMap<>(4);
    row.put("id", id[i]);
    row.put("category", category[i]);
    row.put("nested", nested);
    return row;
  }

  /** All rows as records, built once (outside any measured region); treat them as read-only. */
  public List<Map<String, Object>> records() {
    List<Map<String, Object>> out = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      out.add(record(i));
    }
    return out;
  }

  /** All rows as JSON lines, rendered by Jackson from {@link #record(int)}. */
  public String[] jsonLines() {
    ObjectMapper mapper = new ObjectMapper();
    String[] lines = new String[size];
    try {
      for (int i = 0; i < size; i++) {
        lines[i] = mapper.writeValueAsString(record(i));
      }
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
    return lines;
  }
}
