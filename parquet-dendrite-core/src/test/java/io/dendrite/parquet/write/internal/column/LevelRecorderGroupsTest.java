package io.dendrite.parquet.write.internal.column;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dendrite.parquet.shred.internal.FieldGroups;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;

/**
 * The recorder's one-call writes of field groups ({@code groupLong} .. {@code emptyGroup})
 * against the events they stand for, on a shredded variant's layout whose object fields sit in
 * the elements of a list (so entries repeat at two levels): random rows recorded both ways give
 * the same levels and values in every leaf.
 */
class LevelRecorderGroupsTest {
  private static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
      "message m {\n"
          + "  optional group v {\n"
          + "    required binary metadata;\n"
          + "    optional binary value;\n"
          + "    optional group typed_value (LIST) {\n"
          + "      repeated group list {\n"
          + "        required group element {\n"
          + "          optional binary value;\n"
          + "          optional group typed_value {\n"
          + "            required group a { optional binary value; optional int64 typed_value; }\n"
          + "            required group b { optional binary value;"
          + " optional binary typed_value (STRING); }\n"
          + "            required group c { optional binary value; optional boolean typed_value; }\n"
          + "            required group d { optional binary value; optional int32 typed_value; }\n"
          + "            required group e { optional binary value; optional group typed_value {\n"
          + "              required group x { optional binary value; optional int64 typed_value; }\n"
          + "            } }\n"
          + "            required group f { optional binary value;"
          + " optional group typed_value (LIST) {\n"
          + "              repeated group list { required group element {\n"
          + "                optional binary value; optional binary typed_value (STRING); } }\n"
          + "            } }\n"
          + "          }\n"
          + "        }\n"
          + "      }\n"
          + "    }\n"
          + "  }\n"
          + "}");
  private static final String[] FIELDS = {"a", "b", "c", "d", "e", "f"};

  @Test
  void oneCallWritesRecordWhatTheirEventsRecord() {
    for (int seed = 0; seed < 20; seed++) {
      LeafBuffer[] events = leaves();
      LeafBuffer[] oneCall = leaves();
      write(new LevelRecorder(SCHEMA, events), false, new Random(seed));
      write(new LevelRecorder(SCHEMA, oneCall), true, new Random(seed));
      for (int i = 0; i < events.length; i++) {
        String at = "seed " + seed + " " + String.join(".", events[i].column.getPath());
        assertEquals(events[i].entries, oneCall[i].entries, at);
        assertEquals(events[i].values, oneCall[i].values, at);
        if (events[i].rep != null) {
          assertArrayEquals(Arrays.copyOf(events[i].rep, events[i].entries),
              Arrays.copyOf(oneCall[i].rep, oneCall[i].entries), at + " rep");
        }
        assertArrayEquals(events[i].definitionLevels(), oneCall[i].definitionLevels(),
            at + " def");
        assertEquals(values(events[i]), values(oneCall[i]), at + " values");
      }
    }
  }

  @Test
  void theElementFieldIsTheShreddersOwn() {
    assertEquals(FieldGroups.ELEMENT, LevelRecorder.ELEMENT);
  }

  @Test
  void aGroupWithARequiredOrRepeatedChildIsRefused() {
    LevelRecorder rc = new LevelRecorder(SCHEMA, leaves());
    rc.startMessage();
    // v holds the required metadata: not a group of optional fields.
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> rc.emptyGroup(0));
    assertEquals("field v is not a group of optional, unrepeated fields", e.getMessage());
  }

  private static LeafBuffer[] leaves() {
    List<ColumnDescriptor> columns = SCHEMA.getColumns();
    LeafBuffer[] leaves = new LeafBuffer[columns.size()];
    for (int i = 0; i < leaves.length; i++) {
      leaves[i] = new LeafBuffer(columns.get(i));
    }
    return leaves;
  }

  /** 200 rows: a missing variant, a residual one, or a list of up to 3 elements. */
  private static void write(LevelRecorder rc, boolean oneCall, Random r) {
    for (int row = 0; row < 200; row++) {
      rc.startMessage();
      int shape = r.nextInt(6);
      if (shape > 0) {
        rc.startField("v", 0);
        rc.startGroup();
        binary(rc, "metadata", 0, "m");
        if (shape == 1) {
          binary(rc, "value", 1, "residual");
        } else {
          rc.startField("typed_value", 2);
          rc.startGroup();
          rc.startField("list", 0);
          for (int k = r.nextInt(4); k >= 0; k--) {
            rc.startGroup();
            rc.startField("element", 0);
            rc.startGroup();
            if (r.nextInt(5) == 0) {
              binary(rc, "value", 0, "element residual");
            } else {
              rc.startField("typed_value", 1);
              rc.startGroup();
              object(rc, oneCall, r);
              rc.endGroup();
              rc.endField("typed_value", 1);
            }
            rc.endGroup();
            rc.endField("element", 0);
            rc.endGroup();
          }
          rc.endField("list", 0);
          rc.endGroup();
          rc.endField("typed_value", 2);
        }
        rc.endGroup();
        rc.endField("v", 0);
      }
      rc.endMessage();
    }
  }

  /** Fields a..e in random order, each typed, residual, or missing (written last). */
  private static void object(LevelRecorder rc, boolean oneCall, Random r) {
    boolean[] written = new boolean[FIELDS.length];
    for (int j : new int[] {3, 0, 5, 4, 2, 1}) {
      int how = r.nextInt(4);
      if (how == 0) {
        continue; // missing
      }
      written[j] = true;
      long x = r.nextInt(1000);
      if (j == 5 && how > 1) {
        array(rc, oneCall, r);
      } else if (how == 1 || j == 4 && how == 2) {
        rc.startField(FIELDS[j], j);
        rc.startGroup();
        if (how == 1) {
          binary(rc, "value", 0, "field residual " + x);
        } else {
          rc.startField("typed_value", 1);
          rc.startGroup();
          if (oneCall) {
            rc.groupLong(0, 1, x);
          } else {
            field(rc, "x", 0, () -> typed(rc, 0, x));
          }
          rc.endGroup();
          rc.endField("typed_value", 1);
        }
        rc.endGroup();
        rc.endField(FIELDS[j], j);
      } else if (j == 4) {
        written[j] = false; // e's typed value is an object: written above or missing
      } else if (oneCall) {
        switch (j) {
          case 0: rc.groupLong(j, 1, x); break;
          case 1: byte[] b = ("s" + x).getBytes(StandardCharsets.UTF_8);
            rc.groupBytes(j, 1, b, 0, b.length); break;
          case 2: rc.groupBoolean(j, 1, x % 2 == 0); break;
          default: rc.groupInteger(j, 1, (int) x); break;
        }
      } else {
        field(rc, FIELDS[j], j, () -> typed(rc, j, x));
      }
    }
    for (int j = 0; j < FIELDS.length; j++) {
      if (!written[j]) {
        if (oneCall) {
          rc.emptyGroup(j);
        } else {
          rc.startField(FIELDS[j], j);
          rc.startGroup();
          rc.endGroup();
          rc.endField(FIELDS[j], j);
        }
      }
    }
  }

  /** Field f: an array of strings, some elements residual or empty groups, or no elements. */
  private static void array(LevelRecorder rc, boolean oneCall, Random r) {
    rc.startField("f", 5);
    rc.startGroup();
    rc.startField("typed_value", 1);
    rc.startGroup();
    int n = r.nextInt(4);
    if (n > 0) {
      rc.startField("list", 0);
      for (int k = 0; k < n; k++) {
        String s = "t" + r.nextInt(9);
        int how = r.nextInt(8); // 0, 1: residual; 2: an empty element group; else typed
        if (oneCall && how == 2) {
          rc.emptyGroup(LevelRecorder.ELEMENT);
          continue;
        }
        if (oneCall && how > 2) {
          byte[] b = s.getBytes(StandardCharsets.UTF_8);
          rc.groupBytes(LevelRecorder.ELEMENT, 1, b, 0, b.length);
          continue;
        }
        rc.startGroup();
        rc.startField("element", 0);
        rc.startGroup();
        if (how < 2) {
          binary(rc, "value", 0, "element residual " + s);
        } else if (how > 2) {
          rc.startField("typed_value", 1);
          rc.addBinary(Binary.fromString(s));
          rc.endField("typed_value", 1);
        }
        rc.endGroup();
        rc.endField("element", 0);
        rc.endGroup();
      }
      rc.endField("list", 0);
    }
    rc.endGroup();
    rc.endField("typed_value", 1);
    rc.endGroup();
    rc.endField("f", 5);
  }

  /** A field group's typed_value, written by events. */
  private static void typed(LevelRecorder rc, int j, long x) {
    rc.startField("typed_value", 1);
    switch (j) {
      case 1: rc.addBinary(Binary.fromString("s" + x)); break;
      case 2: rc.addBoolean(x % 2 == 0); break;
      case 3: rc.addInteger((int) x); break;
      default: rc.addLong(x); break;
    }
    rc.endField("typed_value", 1);
  }

  private static void field(LevelRecorder rc, String name, int index, Runnable typedValue) {
    rc.startField(name, index);
    rc.startGroup();
    typedValue.run();
    rc.endGroup();
    rc.endField(name, index);
  }

  private static void binary(LevelRecorder rc, String name, int index, String s) {
    rc.startField(name, index);
    rc.addBinary(Binary.fromString(s));
    rc.endField(name, index);
  }

  private static String values(LeafBuffer leaf) {
    StringBuilder s = new StringBuilder();
    for (int v = 0; v < leaf.values; v++) {
      switch (leaf.type) {
        case INT64: s.append(leaf.longs[v]); break;
        case INT32: s.append(leaf.ints[v]); break;
        case BOOLEAN: s.append(leaf.booleans[v]); break;
        default: s.append(new String(leaf.bytes, leaf.valueStart(v),
            leaf.valueEnds[v] - leaf.valueStart(v), StandardCharsets.UTF_8));
      }
      s.append(',');
    }
    return s.toString();
  }
}
