package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.read.DendriteRow;

/**
 * How the engine makes and reads the API's rows ({@link DendriteRow}), whose constructor and
 * slots are not public: {@code DendriteRow} installs an {@link Access} when its class
 * initializes (the JDK's "shared secrets" pattern), so the row needs no public constructor
 * taking engine types. The access is a constant once loaded: calls through it inline.
 */
public final class Rows {
  /** What the engine may do with a row. */
  public interface Access {
    /** A row of {@code vectors} at position {@code row}. */
    DendriteRow row(RowShape shape, ColumnVector[] vectors, int row);

    /** A row the engine built as a record ({@link RecordAssembly}), or the failure to. */
    DendriteRow recordRow(RowShape shape, Object record);

    /** The raw slot value of selection {@code i} (see {@link ColumnVector#raw}). */
    Object raw(DendriteRow row, int i);

    /** Selection {@code i} of the row read as a record component by {@code reader}. */
    Object component(DendriteRow row, int i, RecordMapping.SlotReader reader);

    /** Maps the row to {@code mapping}'s record now, for {@code as} to hand out later. */
    void premap(DendriteRow row, RecordMapping<?> mapping);
  }

  private static Access installed;

  private Rows() {}

  /** Called once, by {@link DendriteRow}'s static initializer. */
  public static void install(Access access) {
    if (installed != null) {
      throw new IllegalStateException("row access installed twice");
    }
    installed = access;
  }

  /** The installed access (initializing {@link DendriteRow} on first use). */
  public static Access access() {
    return Holder.ACCESS;
  }

  private static final class Holder {
    static final Access ACCESS = load();

    private static Access load() {
      try {
        Class.forName(DendriteRow.class.getName(), true, Rows.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException(e);
      }
      return installed;
    }
  }
}
