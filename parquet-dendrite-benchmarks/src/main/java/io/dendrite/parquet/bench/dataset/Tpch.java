package io.dendrite.parquet.bench.dataset;

import io.dendrite.parquet.schema.RecordSchema.NotNull;
import io.trino.tpch.CustomerGenerator;
import io.trino.tpch.GenerateUtils;
import io.trino.tpch.LineItemGenerator;
import io.trino.tpch.NationGenerator;
import io.trino.tpch.OrderGenerator;
import io.trino.tpch.PartGenerator;
import io.trino.tpch.RegionGenerator;
import io.trino.tpch.SupplierGenerator;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * TPC-H denormalized: each lineitem with its order (and the order's customer), part and
 * supplier nested in, customers and suppliers with their nation and region. Values come from
 * the TPC-H dbgen port {@code io.trino.tpch} (deterministic by construction); scale 1 is TPC-H
 * scale factor 0.1, about 600,000 lineitems. 51 leaves, no repetition, nothing null.
 */
public final class Tpch {
  /** TPC-H scale factor of dataset scale 1. */
  public static final double SCALE_FACTOR = 0.1;
  /** The smallest dataset scale: dbgen needs at least one supplier (10,000 per unit). */
  public static final double MIN_SCALE = 0.001;

  private Tpch() {}

  public record Lineitem(long orderKey, int lineNumber, long quantity, double extendedPrice,
      double discount, double tax, @NotNull String returnFlag, @NotNull String lineStatus,
      @NotNull LocalDate shipDate, @NotNull LocalDate commitDate, @NotNull LocalDate receiptDate,
      @NotNull String shipInstruct, @NotNull String shipMode, @NotNull String comment,
      @NotNull Order order, @NotNull Part part, @NotNull Supplier supplier) {}

  public record Order(@NotNull String orderStatus, double totalPrice, @NotNull LocalDate orderDate,
      @NotNull String orderPriority, @NotNull String clerk, int shipPriority,
      @NotNull String comment, @NotNull Customer customer) {}

  public record Customer(long custKey, @NotNull String name, @NotNull String address,
      @NotNull String phone, double acctBal, @NotNull String mktSegment, @NotNull String comment,
      @NotNull Nation nation) {}

  public record Nation(@NotNull String name, @NotNull String comment, @NotNull Region region) {}

  public record Region(@NotNull String name, @NotNull String comment) {}

  public record Part(long partKey, @NotNull String name, @NotNull String mfgr,
      @NotNull String brand, @NotNull String type, int size, @NotNull String container,
      double retailPrice, @NotNull String comment) {}

  public record Supplier(long suppKey, @NotNull String name, @NotNull String address,
      @NotNull String phone, double acctBal, @NotNull String comment, @NotNull Nation nation) {}

  /** The lineitems of {@code scale} (TPC-H scale factor {@code 0.1 * scale}), in dbgen order. */
  public static Iterator<Lineitem> generate(double scale) {
    if (scale < MIN_SCALE) {
      throw new IllegalArgumentException("TPC-H needs scale >= " + MIN_SCALE + " (scale factor "
          + SCALE_FACTOR * MIN_SCALE + ", one supplier), got " + scale);
    }
    double sf = SCALE_FACTOR * scale;
    Map<Long, Region> regions = new HashMap<>();
    for (io.trino.tpch.Region r : new RegionGenerator()) {
      regions.put(r.getRegionKey(), new Region(r.getName(), r.getComment()));
    }
    Map<Long, Nation> nations = new HashMap<>();
    for (io.trino.tpch.Nation n : new NationGenerator()) {
      nations.put(n.getNationKey(),
          new Nation(n.getName(), n.getComment(), regions.get(n.getRegionKey())));
    }
    Map<Long, Customer> customers = new HashMap<>();
    for (io.trino.tpch.Customer c : new CustomerGenerator(sf, 1, 1)) {
      customers.put(c.getCustomerKey(), new Customer(c.getCustomerKey(), c.getName(),
          c.getAddress(), c.getPhone(), c.getAccountBalance(), c.getMarketSegment(),
          c.getComment(), nations.get(c.getNationKey())));
    }
    Map<Long, Part> parts = new HashMap<>();
    for (io.trino.tpch.Part p : new PartGenerator(sf, 1, 1)) {
      parts.put(p.getPartKey(), new Part(p.getPartKey(), p.getName(), p.getManufacturer(),
          p.getBrand(), p.getType(), p.getSize(), p.getContainer(), p.getRetailPrice(),
          p.getComment()));
    }
    Map<Long, Supplier> suppliers = new HashMap<>();
    for (io.trino.tpch.Supplier s : new SupplierGenerator(sf, 1, 1)) {
      suppliers.put(s.getSupplierKey(), new Supplier(s.getSupplierKey(), s.getName(),
          s.getAddress(), s.getPhone(), s.getAccountBalance(), s.getComment(),
          nations.get(s.getNationKey())));
    }
    Iterator<io.trino.tpch.Order> orders = new OrderGenerator(sf, 1, 1).iterator();
    Iterator<io.trino.tpch.LineItem> items = new LineItemGenerator(sf, 1, 1).iterator();
    return new Iterator<>() {
      private long orderKey = -1;
      private Order order;

      @Override
      public boolean hasNext() {
        return items.hasNext();
      }

      @Override
      public Lineitem next() {
        if (!items.hasNext()) {
          throw new NoSuchElementException();
        }
        io.trino.tpch.LineItem l = items.next();
        // dbgen emits each order's lineitems together, in order-key order.
        while (orderKey != l.getOrderKey()) {
          io.trino.tpch.Order o = orders.next();
          orderKey = o.getOrderKey();
          order = new Order(String.valueOf(o.getOrderStatus()), o.getTotalPrice(),
              date(o.getOrderDate()), o.getOrderPriority(), o.getClerk(), o.getShipPriority(),
              o.getComment(), customers.get(o.getCustomerKey()));
        }
        return new Lineitem(l.getOrderKey(), l.getLineNumber(), l.getQuantity(),
            l.getExtendedPrice(), l.getDiscount(), l.getTax(), l.getReturnFlag(),
            l.getStatus(), date(l.getShipDate()), date(l.getCommitDate()),
            date(l.getReceiptDate()), l.getShipInstructions(), l.getShipMode(), l.getComment(),
            order, parts.get(l.getPartKey()), suppliers.get(l.getSupplierKey()));
      }
    };
  }

  private static LocalDate date(int dbgenDate) {
    return LocalDate.ofEpochDay(GenerateUtils.toEpochDate(dbgenDate));
  }
}
