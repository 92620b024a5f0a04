package io.dendrite.parquet.spark;

import io.dendrite.parquet.schema.ShreddingSchema;
import io.dendrite.parquet.shred.ShreddingReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The shredding coverage of a whole write job: the tasks' counts per shredded path, summed, as
 * a {@link ShreddingReport} (the table the CLI prints), with the files written. Logged by the
 * driver once per job.
 */
final class JobReport {
  private JobReport() {}

  /** @param shredding the job's shredding (the columns' schemas and origin) */
  static ShreddingReport of(List<TaskResult> tasks, JobShredding shredding,
      List<String> variantColumns) {
    long rows = 0;
    Map<String, Map<String, TaskResult.PathCount>> byColumn = new LinkedHashMap<>();
    for (String column : variantColumns) {
      byColumn.put(column, new LinkedHashMap<>());
    }
    for (TaskResult t : tasks) {
      rows += t.rows();
      for (TaskResult.PathCount p : t.paths()) {
        byColumn.computeIfAbsent(p.column(), c -> new LinkedHashMap<>())
            .merge(p.path(), p, JobReport::sum);
      }
    }
    ShreddingSchema schema = shredding.schema();
    List<ShreddingReport.ColumnReport> columns = new ArrayList<>();
    for (Map.Entry<String, Map<String, TaskResult.PathCount>> e : byColumn.entrySet()) {
      List<ShreddingReport.PathCounts> paths = new ArrayList<>();
      for (TaskResult.PathCount p : e.getValue().values()) {
        paths.add(new ShreddingReport.PathCounts(p.path(), p.shreddedAs(), p.typed(),
            p.residual(), p.missing()));
      }
      boolean shredded = schema.get(e.getKey()) != null;
      columns.add(new ShreddingReport.ColumnReport(e.getKey(), schema.get(e.getKey()),
          shredded ? shredding.origin() : "unshredded", paths));
    }
    return new ShreddingReport(rows, 0, List.of(), columns);
  }

  private static TaskResult.PathCount sum(TaskResult.PathCount a, TaskResult.PathCount b) {
    return new TaskResult.PathCount(a.column(), a.path(), a.shreddedAs(), a.typed() + b.typed(),
        a.residual() + b.residual(), a.missing() + b.missing());
  }
}
