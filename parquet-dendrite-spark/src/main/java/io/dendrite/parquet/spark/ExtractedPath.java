package io.dendrite.parquet.spark;

import io.dendrite.parquet.path.SelectionPath;
import io.dendrite.parquet.path.SelectionPath.Segment;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.catalyst.expressions.variant.ArrayExtraction;
import org.apache.spark.sql.catalyst.expressions.variant.ObjectExtraction;
import org.apache.spark.sql.catalyst.expressions.variant.VariantPathParser$;
import org.apache.spark.sql.catalyst.expressions.variant.VariantPathSegment;
import org.apache.spark.sql.connector.read.VariantExtraction;
import org.apache.spark.sql.execution.datasources.VariantMetadata;
import org.apache.spark.sql.execution.datasources.VariantMetadata$;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import scala.Option;

/**
 * One {@code variant_get}/{@code try_variant_get} Spark pushed into the scan: a path below a
 * top-level VARIANT column, the type to cast to and how ({@code failOnError}, time zone). The
 * path is Spark's own parse of the text, rewritten in the core's grammar, so the core reads only
 * what that path needs in each file ({@code DendriteReader.select}).
 *
 * @param corePath the column and the path below it, as {@link SelectionPath} text
 * @param sparkPath the path as the query wrote it ({@code $.a.b}), for {@code explain()}
 * @param metadata Spark's annotation of the extraction, kept on the read schema's field
 */
record ExtractedPath(String column, String corePath, String sparkPath, DataType type,
    boolean failOnError, String timeZoneId, Metadata metadata) implements Serializable {

  /**
   * The extraction as the scan serves it, or null when it is not served: a variant inside a
   * struct, the variant as a whole (path {@code $}: there is no leaf to save), or a path the
   * core's grammar cannot hold.
   */
  static ExtractedPath of(VariantExtraction e) {
    String[] column = e.columnName();
    if (column.length != 1) {
      return null;
    }
    VariantMetadata m = VariantMetadata$.MODULE$.fromMetadata(e.metadata());
    String text = corePath(column[0], m.path());
    if (text == null) {
      return null;
    }
    return new ExtractedPath(column[0], text, m.path(), e.expectedDataType(), m.failOnError(),
        m.timeZoneId(), e.metadata());
  }

  /**
   * {@code sparkPath} ({@code $.a[0].b}, Spark's own parse of it) below the top-level
   * {@code column}, as {@link SelectionPath} text; null for the whole variant ({@code $}), a
   * path Spark cannot parse or one the core's grammar cannot hold.
   */
  static String corePath(String column, String sparkPath) {
    Option<VariantPathSegment[]> parsed = VariantPathParser$.MODULE$.parse(sparkPath);
    if (parsed.isEmpty() || parsed.get().length == 0) {
      return null;
    }
    List<Segment> segments = new ArrayList<>();
    segments.add(new Segment(column, -1));
    for (VariantPathSegment s : parsed.get()) {
      if (s instanceof ObjectExtraction o) {
        segments.add(new Segment(o.key(), -1));
      } else {
        segments.add(new Segment(null, ((ArrayExtraction) s).index()));
      }
    }
    String text = SelectionPath.text(segments);
    try {
      // The printer quotes names as needed; reading the text back must give the same steps.
      return SelectionPath.parse(text).segments().equals(segments) ? text : null;
    } catch (IllegalArgumentException unreadable) {
      return null;
    }
  }

  /** The path in the core's grammar. */
  SelectionPath selection() {
    return SelectionPath.parse(corePath);
  }

  /** The field of the read schema's struct that holds this extraction. */
  StructField field(int ordinal) {
    return new StructField(Integer.toString(ordinal), type, true, metadata);
  }

  /** As {@code explain()} shows it: {@code $.a.b as int}, {@code (try)} for try_variant_get. */
  @Override
  public String toString() {
    return sparkPath + " as " + type.simpleString() + (failOnError ? "" : " (try)");
  }
}
