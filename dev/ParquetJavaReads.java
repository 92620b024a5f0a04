import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.avro.AvroReadSupport;
import org.apache.parquet.avro.AvroSchemaConverter;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.schema.MessageType;

/**
 * What parquet-cli's meta, schema, pages and cat do, through the same parquet-java APIs
 * (parquet-cli itself is not served by the Maven repository here): the footer, the Avro schema,
 * every page of every column decompressed, and rows through parquet-avro's reader, whole and
 * projected to the typed columns. Writes FILE.cat.tsv (typed columns of every row, for
 * dev/interop_pyarrow.py check-cat) and prints one line per file and check:
 * {@code OK|FAIL|XFAIL <file> <check>: <detail>}. Run by dev/interop-parquet-java.
 */
public final class ParquetJavaReads {
  static final String[] TYPED = {"id", "i64", "small", "flag", "cat"};

  public static void main(String[] args) throws Exception {
    Configuration conf = new Configuration();
    for (String arg : args) {
      Path file = Path.of(arg);
      String name = file.getFileName().toString();
      org.apache.hadoop.fs.Path hpath = new org.apache.hadoop.fs.Path(file.toUri());
      MessageType schema;
      long rows;
      // meta
      try (ParquetFileReader r = ParquetFileReader.open(HadoopInputFile.fromPath(hpath, conf))) {
        ParquetMetadata footer = r.getFooter();
        schema = footer.getFileMetaData().getSchema();
        rows = footer.getBlocks().stream().mapToLong(BlockMetaData::getRowCount).sum();
        System.out.printf("OK %s meta: %d rows in %d row groups, %d columns, created by %s%n",
            name, rows, footer.getBlocks().size(), schema.getColumns().size(),
            footer.getFileMetaData().getCreatedBy());
      } catch (Exception e) {
        System.out.printf("FAIL %s meta: %s%n", name, oneLine(e));
        continue;
      }
      // schema (parquet-cli prints the Avro schema of a Parquet file)
      try {
        Schema avro = new AvroSchemaConverter(conf).convert(schema);
        System.out.printf("OK %s schema: %d Avro fields%n", name, avro.getFields().size());
      } catch (Exception e) {
        System.out.printf("FAIL %s schema: %s%n", name, oneLine(e));
      }
      // pages: every page of every column read and decompressed; values add up per column
      try (ParquetFileReader r = ParquetFileReader.open(HadoopInputFile.fromPath(hpath, conf))) {
        List<ColumnDescriptor> columns = schema.getColumns();
        long[] values = new long[columns.size()];
        long pages = 0;
        long dictionaries = 0;
        long v2 = 0;
        for (PageReadStore group; (group = r.readNextRowGroup()) != null; ) {
          for (int c = 0; c < columns.size(); c++) {
            PageReader pr = group.getPageReader(columns.get(c));
            DictionaryPage dict = pr.readDictionaryPage();
            if (dict != null) {
              dict.getBytes().toByteArray();
              dictionaries++;
            }
            for (DataPage page; (page = pr.readPage()) != null; ) {
              pages++;
              values[c] += page.getValueCount();
              if (page instanceof DataPageV1) {
                ((DataPageV1) page).getBytes().toByteArray();
              } else {
                v2++;
                ((DataPageV2) page).getData().toByteArray();
              }
            }
          }
        }
        String bad = null;
        for (int c = 0; c < columns.size(); c++) {
          if (columns.get(c).getMaxRepetitionLevel() == 0 && values[c] != rows) {
            bad = String.join(".", columns.get(c).getPath()) + " has " + values[c]
                + " values in its pages, the file " + rows + " rows";
          }
        }
        System.out.printf("%s %s pages: %s%n", bad == null ? "OK" : "FAIL", name, bad != null
            ? bad : pages + " data pages (" + v2 + " v2), " + dictionaries + " dictionary pages");
      } catch (Exception e) {
        System.out.printf("FAIL %s pages: %s%n", name, oneLine(e));
      }
      // cat, projected to the typed columns: must give every row
      List<String> names = new ArrayList<>();
      for (String t : TYPED) {
        names.add(t);
      }
      MessageType projection = new MessageType("schema", names.stream()
          .map(schema::getType).toArray(org.apache.parquet.schema.Type[]::new));
      Configuration pconf = new Configuration(conf);
      AvroReadSupport.setRequestedProjection(pconf,
          new AvroSchemaConverter(pconf).convert(projection));
      Path tsv = file.resolveSibling(name + ".cat.tsv");
      try (ParquetReader<GenericRecord> reader = AvroParquetReader
          .<GenericRecord>builder(HadoopInputFile.fromPath(hpath, pconf)).withConf(pconf).build();
          PrintWriter out = new PrintWriter(Files.newBufferedWriter(tsv, StandardCharsets.UTF_8))) {
        long n = 0;
        for (GenericRecord rec; (rec = reader.read()) != null; n++) {
          StringBuilder line = new StringBuilder();
          for (String t : TYPED) {
            Object v = rec.get(t);
            line.append(line.length() == 0 ? "" : "\t").append(v == null ? "\\N"
                : v.toString().replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n"));
          }
          out.println(line);
        }
        System.out.printf("%s %s cat-typed: %d rows%n", n == rows ? "OK" : "FAIL", name, n);
      } catch (Exception e) {
        System.out.printf("FAIL %s cat-typed: %s%n", name, oneLine(e));
      }
      // cat, whole rows (variants included): parquet-avro 1.18 maps VARIANT to {metadata, value}
      // and cannot read a shredded one (parquet-java#3477), so there a failure is expected.
      boolean shredded = schema.getFields().stream().anyMatch(f -> !f.isPrimitive()
          && f.asGroupType().containsField("typed_value"));
      // The variants it gives ({metadata, value}, reassembled from shredded columns) go to
      // FILE.variants.tsv in hex, for dev/interop_pyarrow.py check-cat to decode and compare.
      Path variants = file.resolveSibling(name + ".variants.tsv");
      boolean annotated = schema.getType("v").getLogicalTypeAnnotation() != null;
      try (ParquetReader<GenericRecord> reader = AvroParquetReader
          .<GenericRecord>builder(HadoopInputFile.fromPath(hpath, conf)).withConf(conf).build();
          PrintWriter out = new PrintWriter(
              Files.newBufferedWriter(variants, StandardCharsets.UTF_8))) {
        long n = 0;
        for (GenericRecord rec; (rec = reader.read()) != null; n++) {
          StringBuilder line = new StringBuilder();
          for (String t : VARIANTS) {
            Object v = rec.get(t);
            line.append(line.length() == 0 ? "" : "\t");
            if (v == null) {
              line.append("\\N");
            } else if (!annotated) {
              line.append("-");  // a plain group (--no-variant-annotation): a struct, as documented
            } else {
              GenericRecord g = (GenericRecord) v;
              line.append(hex(g.get("metadata"))).append(':').append(hex(g.get("value")));
            }
          }
          out.println(line);
        }
        if (!annotated) {
          Files.delete(variants);
        }
        System.out.printf("%s %s cat: %d rows%s%n", n == rows ? "OK" : "FAIL", name, n,
            !annotated ? " (unannotated: variants as plain structs, not checked)"
                : shredded ? " (shredded variants reassembled by parquet-avro)" : "");
      } catch (Exception e) {
        System.out.printf("%s %s cat: %s%n", shredded ? "XFAIL" : "FAIL", name, oneLine(e));
      }
    }
  }

  static final String[] VARIANTS = {"v", "mixed", "nothing"};

  private static String hex(Object bytes) {
    java.nio.ByteBuffer b = ((java.nio.ByteBuffer) bytes).duplicate();
    StringBuilder sb = new StringBuilder(b.remaining() * 2);
    while (b.hasRemaining()) {
      sb.append(String.format("%02x", b.get() & 0xFF));
    }
    return sb.toString();
  }

  private static String oneLine(Throwable e) {
    StringBuilder sb = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      sb.append(sb.length() == 0 ? "" : " <- ").append(t.getClass().getSimpleName()).append(": ")
          .append(String.valueOf(t.getMessage()).replace('\n', ' '));
    }
    return sb.length() > 400 ? sb.substring(0, 400) + "..." : sb.toString();
  }
}
