package io.dendrite.parquet.write.internal.column;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Levels of the Dremel paper's example (Melnik et al., "Dremel: Interactive Analysis of
 * Web-Scale Datasets", 2010, figures 2 and 3): its two Document records striped into the
 * repetition and definition levels the paper lists for each column.
 */
class LevelRecorderTest {
  private static final MessageType DOCUMENT = MessageTypeParser.parseMessageType(
      "message Document {\n"
          + "  required int64 DocId;\n"
          + "  optional group Links {\n"
          + "    repeated int64 Backward;\n"
          + "    repeated int64 Forward;\n"
          + "  }\n"
          + "  repeated group Name {\n"
          + "    repeated group Language {\n"
          + "      required binary Code (STRING);\n"
          + "      optional binary Country (STRING);\n"
          + "    }\n"
          + "    optional binary Url (STRING);\n"
          + "  }\n"
          + "}");

  private LeafBuffer[] leaves;
  private RecordConsumer rc;

  @BeforeEach
  void recorder() {
    List<ColumnDescriptor> columns = DOCUMENT.getColumns();
    leaves = new LeafBuffer[columns.size()];
    for (int i = 0; i < leaves.length; i++) {
      leaves[i] = new LeafBuffer(columns.get(i));
    }
    rc = new LevelRecorder(DOCUMENT, leaves);
  }

  @Test
  void thePapersTwoRecords() {
    writeR1();
    writeR2();
    // value (null for none), r, d per entry, as the paper's figure 3 lists them.
    assertColumn(0, "10 0 0", "20 0 0");
    assertColumn(1, "null 0 1", "10 0 2", "30 1 2");
    assertColumn(2, "20 0 2", "40 1 2", "60 1 2", "80 0 2");
    assertColumn(3, "en-us 0 2", "en 2 2", "null 1 1", "en-gb 1 2", "null 0 1");
    assertColumn(4, "us 0 3", "null 2 2", "null 1 1", "gb 1 3", "null 0 1");
    assertColumn(5, "http://A 0 2", "http://B 1 2", "null 1 1", "http://C 0 2");
  }

  /**
   * Striped apart ({@link StripedRows}) and appended a row at a time, after a third row that
   * failed half-way: the same levels, and nothing of the failed row.
   */
  @Test
  void thePapersRecordsStripedApartAndAppendedARowAtATime() {
    StripedRows striped = new StripedRows(DOCUMENT, new LeafChunks(DOCUMENT, path -> null));
    rc = striped.recordConsumer();
    writeR1();
    striped.endRow();
    writeR2();
    striped.endRow();
    rc.startMessage();
    field("DocId", 0, () -> rc.addLong(30));
    field("Links", 1, () -> group(() -> field("Forward", 1, () -> rc.addLong(90))));
    rc.startField("Name", 2);
    rc.startGroup();
    striped.abandonRow(); // say a value failed to convert here
    striped.appendTo(leaves, 1);
    striped.appendTo(leaves, 1);
    assertColumn(0, "10 0 0", "20 0 0");
    assertColumn(1, "null 0 1", "10 0 2", "30 1 2");
    assertColumn(2, "20 0 2", "40 1 2", "60 1 2", "80 0 2");
    assertColumn(3, "en-us 0 2", "en 2 2", "null 1 1", "en-gb 1 2", "null 0 1");
    assertColumn(4, "us 0 3", "null 2 2", "null 1 1", "gb 1 3", "null 0 1");
    assertColumn(5, "http://A 0 2", "http://B 1 2", "null 1 1", "http://C 0 2");
    assertThrows(IllegalArgumentException.class, () -> striped.appendTo(leaves, 1));
  }

  @Test
  void aMissingRequiredFieldIsAnErrorNamingIt() {
    rc.startMessage();
    IllegalStateException e = assertThrows(IllegalStateException.class, rc::endMessage);
    assertEquals("required field DocId has no value", e.getMessage());
  }

  @Test
  void aFieldWithoutValuesIsAnErrorNamingIt() {
    rc.startMessage();
    rc.startField("Links", 1);
    rc.startGroup();
    rc.startField("Forward", 1);
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> rc.endField("Forward", 1));
    assertEquals("field Links.Forward holds no value", e.getMessage());
  }

  private void writeR1() {
    rc.startMessage();
    field("DocId", 0, () -> rc.addLong(10));
    field("Links", 1, () -> group(() -> field("Forward", 1, () -> {
      rc.addLong(20);
      rc.addLong(40);
      rc.addLong(60);
    })));
    field("Name", 2, () -> {
      group(() -> {
        field("Language", 0, () -> {
          group(() -> {
            field("Code", 0, () -> string("en-us"));
            field("Country", 1, () -> string("us"));
          });
          group(() -> field("Code", 0, () -> string("en")));
        });
        field("Url", 1, () -> string("http://A"));
      });
      group(() -> field("Url", 1, () -> string("http://B")));
      group(() -> field("Language", 0, () -> group(() -> {
        field("Code", 0, () -> string("en-gb"));
        field("Country", 1, () -> string("gb"));
      })));
    });
    rc.endMessage();
  }

  private void writeR2() {
    rc.startMessage();
    field("DocId", 0, () -> rc.addLong(20));
    field("Links", 1, () -> group(() -> {
      field("Backward", 0, () -> {
        rc.addLong(10);
        rc.addLong(30);
      });
      field("Forward", 1, () -> rc.addLong(80));
    }));
    field("Name", 2, () -> group(() -> field("Url", 1, () -> string("http://C"))));
    rc.endMessage();
  }

  private void field(String name, int index, Runnable body) {
    rc.startField(name, index);
    body.run();
    rc.endField(name, index);
  }

  private void group(Runnable body) {
    rc.startGroup();
    body.run();
    rc.endGroup();
  }

  private void string(String s) {
    rc.addBinary(Binary.fromString(s));
  }

  private void assertColumn(int column, String... expected) {
    LeafBuffer leaf = leaves[column];
    List<String> actual = new ArrayList<>();
    int v = 0;
    for (int e = 0; e < leaf.entries; e++) {
      int r = leaf.rep == null ? 0 : leaf.rep[e];
      int d = leaf.defLevel(e);
      String value = "null";
      if (d == leaf.maxDef) {
        value = leaf.longs != null ? Long.toString(leaf.longs[v])
            : new String(leaf.bytes, leaf.valueStart(v), leaf.valueEnds[v] - leaf.valueStart(v),
                StandardCharsets.UTF_8);
        v++;
      }
      actual.add(value + " " + r + " " + d);
    }
    assertEquals(List.of(expected), actual, String.join(".", leaf.column.getPath()));
  }
}
