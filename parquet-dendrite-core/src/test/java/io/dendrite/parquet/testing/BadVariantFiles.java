package io.dendrite.parquet.testing;

import static io.dendrite.parquet.testing.RawParquetFiles.bytes;

import io.dendrite.parquet.testing.BadVariants.Sample;
import io.dendrite.parquet.variant.VariantMetadata;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;

/**
 * Parquet files holding one hand-made variant ({@link BadVariants}) in row 2 of 3, between two
 * valid rows, in a VARIANT column {@code payload}: whole ({@link #unshredded}), as field
 * {@code a}'s {@code value} of a shredded object ({@link #shreddedField}), as the residual
 * {@code value} of a shredded object ({@link #shreddedResidual}), or as a field of that residual
 * ({@link #shreddedResidualField}). Valid rows hold
 * {@code {"a": 1}}; every row has {@code id} 1, 2, 3.
 */
public final class BadVariantFiles {
  /** The column holding the variants. */
  public static final String COLUMN = "payload";
  /** The row (1-based) holding the hand-made value. */
  public static final long BAD_ROW = 2;

  private static final String UNSHREDDED = "message m { required int64 id; "
      + "optional group payload (VARIANT(1)) { required binary metadata; optional binary value; } }";
  private static final String SHREDDED = "message m { required int64 id; "
      + "optional group payload (VARIANT(1)) { required binary metadata; optional binary value; "
      + "optional group typed_value { required group a { optional binary value; "
      + "optional int64 typed_value; } } } }";
  private static final byte[] A_ONLY = VariantBytes.metadata(true, "a");

  private BadVariantFiles() {}

  /** The sample as row 2's whole variant (metadata and value cells). */
  public static Path unshredded(Path dir, Sample s) throws IOException {
    return RawParquetFiles.write(dir.resolve(s.name() + ".parquet"), UNSHREDDED, f -> rows(f,
        (row, id) -> {
          Group v = row.addGroup(COLUMN);
          if (id == BAD_ROW) {
            v.append("metadata", bytes(s.metadata())).append("value", bytes(s.value()));
          } else {
            v.append("metadata", bytes(A_ONLY)).append("value",
                bytes(VariantBytes.object(new int[] {0}, VariantBytes.int8(1))));
          }
        }));
  }

  /**
   * The sample as field {@code a}'s {@code value} in row 2 of an object shredded as
   * {@code {a: int64}}; row 2's metadata is the sample's (keys the value may use).
   */
  public static Path shreddedField(Path dir, Sample s) throws IOException {
    return RawParquetFiles.write(dir.resolve(s.name() + "-in-field.parquet"), SHREDDED,
        f -> rows(f, (row, id) -> {
          Group v = row.addGroup(COLUMN);
          Group a = v.append("metadata", bytes(id == BAD_ROW ? s.metadata() : A_ONLY))
              .addGroup("typed_value").addGroup("a");
          if (id == BAD_ROW) {
            a.append("value", bytes(s.value()));
          } else {
            a.append("typed_value", 1L);
          }
        }));
  }

  /**
   * The sample as the residual {@code value} of row 2's object shredded as {@code {a: int64}}
   * (with {@code a} = 5 in {@code typed_value}), as DuckDB writes objects it partly shreds.
   */
  public static Path shreddedResidual(Path dir, Sample s) throws IOException {
    return RawParquetFiles.write(dir.resolve(s.name() + "-in-residual.parquet"), SHREDDED,
        f -> rows(f, (row, id) -> {
          Group v = row.addGroup(COLUMN);
          v.append("metadata", bytes(id == BAD_ROW ? s.metadata() : A_ONLY));
          if (id == BAD_ROW) {
            v.append("value", bytes(s.value()));
          }
          v.addGroup("typed_value").addGroup("a").append("typed_value", id == BAD_ROW ? 5L : 1L);
        }));
  }

  /**
   * The sample as field {@code c} of the residual {@code value} of row 2's object shredded as
   * {@code {a: int64}} ({@code a} = 5): a valid layout whose residual holds the bad bytes.
   */
  public static Path shreddedResidualField(Path dir, Sample s) throws IOException {
    List<String> keys = new ArrayList<>();
    VariantMetadata m = VariantMetadata.parse(s.metadata());
    for (int id = 0; id < m.size(); id++) {
      keys.add(m.key(id));
    }
    keys.add("c"); // appended, so the sample's field ids keep their keys
    byte[] metadata = VariantBytes.metadata(false, keys.toArray(String[]::new));
    byte[] residual = VariantBytes.object(new int[] {keys.size() - 1}, s.value());
    return RawParquetFiles.write(dir.resolve(s.name() + "-in-residual-field.parquet"), SHREDDED,
        f -> rows(f, (row, id) -> {
          Group v = row.addGroup(COLUMN);
          v.append("metadata", bytes(id == BAD_ROW ? metadata : A_ONLY));
          if (id == BAD_ROW) {
            v.append("value", bytes(residual));
          }
          v.addGroup("typed_value").addGroup("a").append("typed_value", id == BAD_ROW ? 5L : 1L);
        }));
  }

  /** Fills one row's variant group. */
  private interface RowFiller {
    void fill(Group row, long id);
  }

  private static List<Group> rows(SimpleGroupFactory f, RowFiller filler) {
    List<Group> rows = new ArrayList<>();
    for (long id = 1; id <= 3; id++) {
      Group row = f.newGroup().append("id", id);
      filler.fill(row, id);
      rows.add(row);
    }
    return rows;
  }
}
