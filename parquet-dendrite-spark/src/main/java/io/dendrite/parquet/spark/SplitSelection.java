package io.dendrite.parquet.spark;

import io.dendrite.parquet.filter.Filter;
import io.dendrite.parquet.path.SelectionPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.types.StructType;

/**
 * What the core's reader selects in one split for the columns of a read schema, the same for
 * rows ({@link RowReader}) and batches ({@link BatchReader}): each ordinary column as a whole
 * top-level column, each column of served variant extractions as the paths (or the whole
 * variant) its {@link ExtractedColumn} needs in this file.
 *
 * @param select the selection, in the reader's order
 * @param positions per column of the schema, its place in {@code select}; -1 for an extracted
 *     column
 * @param extracted per column of the schema, its extractions' plan; null for an ordinary column
 */
record SplitSelection(List<SelectionPath> select, int[] positions, ExtractedColumn[] extracted) {

  /**
   * @param extractions the variant extractions served (null: none)
   * @param filter the rows to return (null: all); with no column selected, its paths are
   *     selected so that the reader returns the filtered rows (holding nothing read)
   */
  static SplitSelection of(FileInputPartition split, StructType schema,
      PushedExtractions extractions, Filter filter) {
    Set<String> neverNull = split.neverNull();
    List<SelectionPath> select = new ArrayList<>();
    int[] positions = new int[schema.size()];
    ExtractedColumn[] extracted = new ExtractedColumn[schema.size()];
    for (int i = 0; i < positions.length; i++) {
      String name = schema.fields()[i].name();
      List<ExtractedPath> paths = extractions == null ? null : extractions.of(name);
      if (paths != null) {
        positions[i] = -1;
        extracted[i] = ExtractedColumn.plan(name, paths, neverNull.contains(name), select);
      } else {
        // Paths made from the names, not parsed: a column named "a.b" is one column.
        positions[i] = select.size();
        select.add(SelectionPath.column(name));
      }
    }
    if (select.isEmpty()) {
      // A count of filtered rows: the reader selects something, the rows returned hold nothing.
      select.addAll(filter.paths());
    }
    return new SplitSelection(List.copyOf(select), positions, extracted);
  }
}
