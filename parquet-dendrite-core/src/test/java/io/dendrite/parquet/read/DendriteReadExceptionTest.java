package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.EOFException;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** Failures named by place: {@link DendriteReadException#inColumn} for tools reading pages. */
class DendriteReadExceptionTest {

  @Test
  void inColumnNamesFileRowGroupRowAndColumn() {
    IOException crc = new IOException("could not read page in col [payload, value]: "
        + "CRC checksum verification failed");
    DendriteReadException e =
        DendriteReadException.inColumn("f.parquet", 2, 101, "payload.value", crc);
    assertEquals("f.parquet: row group 2, row 101, column payload.value: could not read page in "
        + "col [payload, value]: CRC checksum verification failed", e.getMessage());
    assertEquals(2, e.rowGroup());
    assertEquals(101, e.row());
    assertEquals("payload.value", e.column());
    assertSame(crc, e.getCause());
  }

  @Test
  void inColumnKeepsTheTypeOfABareJdkFailure() {
    DendriteReadException e =
        DendriteReadException.inColumn("f.parquet", -1, 0, "a", new EOFException());
    assertEquals("f.parquet: column a: EOFException", e.getMessage());
  }
}
