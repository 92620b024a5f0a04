package io.dendrite.parquet.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two real MapReduce jobs on Hadoop's LocalJobRunner: JSON text → shredded Parquet through
 * {@link DendriteOutputFormat}, then selected paths back through {@link DendriteInputFormat}.
 */
class MapReduceJobTest {
  @TempDir
  Path dir;

  /** Passes each JSON line through as the record. */
  public static class JsonLines extends Mapper<LongWritable, Text, NullWritable, Text> {
    @Override
    protected void map(LongWritable key, Text line, Context context)
        throws IOException, InterruptedException {
      context.write(NullWritable.get(), line);
    }
  }

  /** Prints the selected values of each row as tab-separated text. */
  public static class Selected extends Mapper<Void, DendriteRow, NullWritable, Text> {
    @Override
    protected void map(Void key, DendriteRow row, Context context)
        throws IOException, InterruptedException {
      context.write(NullWritable.get(), new Text(row.get("id") + "\t"
          + row.getString("payload.user") + "\t" + row.getLong("payload.score")));
    }
  }

  @Test
  void jsonToShreddedParquetAndBack() throws Exception {
    Path input = dir.resolve("in");
    Files.createDirectories(input);
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      lines.add("{\"id\": " + i + ", \"payload\": {\"user\": \"u" + i + "\", \"score\": "
          + (i % 7 == 0 ? "\"n/a\"" : String.valueOf(i)) + "}}");
    }
    Files.write(input.resolve("events.jsonl"), lines);

    Configuration conf = new Configuration();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set(DendriteOutputFormat.SCHEMA, "id int64 not null, payload variant");
    Job write = Job.getInstance(conf, "json to parquet");
    write.setMapperClass(JsonLines.class);
    write.setNumReduceTasks(0);
    write.setInputFormatClass(TextInputFormat.class);
    write.setOutputFormatClass(DendriteOutputFormat.class);
    write.setOutputKeyClass(NullWritable.class);
    write.setOutputValueClass(Text.class);
    FileInputFormat.addInputPath(write, new org.apache.hadoop.fs.Path(input.toUri()));
    Path parquet = dir.resolve("parquet");
    FileOutputFormat.setOutputPath(write, new org.apache.hadoop.fs.Path(parquet.toUri()));
    assertTrue(write.waitForCompletion(false), "write job failed");

    List<Path> parts;
    try (Stream<Path> files = Files.list(parquet)) {
      parts = files.filter(p -> p.getFileName().toString().endsWith(".parquet")).toList();
    }
    assertEquals(1, parts.size());
    try (DendriteReader r = DendriteReader.builder(parts.get(0)).select("payload.score").build()) {
      // Inferred shredding: score is mostly an integer, the "n/a" minority stays in value.
      assertTrue(r.requestedSchema().toString().contains("typed_value"),
          r.requestedSchema().toString());
    }

    Configuration readConf = new Configuration(conf);
    readConf.set(DendriteReadSupport.SELECT, "id,payload.user,payload.score");
    Job read = Job.getInstance(readConf, "selected paths");
    read.setMapperClass(Selected.class);
    read.setNumReduceTasks(0);
    read.setInputFormatClass(DendriteInputFormat.class);
    read.setOutputFormatClass(TextOutputFormat.class);
    read.setOutputKeyClass(NullWritable.class);
    read.setOutputValueClass(Text.class);
    FileInputFormat.addInputPath(read, new org.apache.hadoop.fs.Path(parquet.toUri()));
    Path text = dir.resolve("text");
    FileOutputFormat.setOutputPath(read, new org.apache.hadoop.fs.Path(text.toUri()));
    assertTrue(read.waitForCompletion(false), "read job failed");

    List<String> out = new ArrayList<>();
    try (Stream<Path> files = Files.list(text)) {
      for (Path p : files.filter(f -> f.getFileName().toString().startsWith("part-")).toList()) {
        out.addAll(Files.readAllLines(p));
      }
    }
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      expected.add(i + "\tu" + i + "\t" + (i % 7 == 0 ? "null" : String.valueOf(i)));
    }
    out.sort(null);
    expected.sort(null);
    assertEquals(expected, out);
  }
}
