package io.dendrite.parquet.bench.format;

import io.dendrite.parquet.bench.dataset.MediaContents;
import io.dendrite.parquet.bench.dataset.Tpch;
import io.dendrite.parquet.bench.dataset.UserEvents;
import io.dendrite.parquet.bench.proto.PbConnection;
import io.dendrite.parquet.bench.proto.PbCustomer;
import io.dendrite.parquet.bench.proto.PbDevice;
import io.dendrite.parquet.bench.proto.PbEvent;
import io.dendrite.parquet.bench.proto.PbImage;
import io.dendrite.parquet.bench.proto.PbLineitem;
import io.dendrite.parquet.bench.proto.PbMedia;
import io.dendrite.parquet.bench.proto.PbMediaContent;
import io.dendrite.parquet.bench.proto.PbNation;
import io.dendrite.parquet.bench.proto.PbOrder;
import io.dendrite.parquet.bench.proto.PbPart;
import io.dendrite.parquet.bench.proto.PbRegion;
import io.dendrite.parquet.bench.proto.PbSupplier;
import io.dendrite.parquet.bench.proto.PbUser;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * Hand-written conversions between the dataset records and their protobuf messages
 * ({@code src/main/protobuf/datasets.proto}), as jvm-serializers does for protobuf: the
 * generated classes are the wire model, the records the application's. Reads convert every
 * message to a record, as every other format materializes records.
 */
final class ProtoMappers {
  private ProtoMappers() {}

  // ---- TPC-H

  static PbLineitem toProto(Tpch.Lineitem l) {
    return PbLineitem.newBuilder()
        .setOrderKey(l.orderKey()).setLineNumber(l.lineNumber()).setQuantity(l.quantity())
        .setExtendedPrice(l.extendedPrice()).setDiscount(l.discount()).setTax(l.tax())
        .setReturnFlag(l.returnFlag()).setLineStatus(l.lineStatus())
        .setShipDate(day(l.shipDate())).setCommitDate(day(l.commitDate()))
        .setReceiptDate(day(l.receiptDate())).setShipInstruct(l.shipInstruct())
        .setShipMode(l.shipMode()).setComment(l.comment())
        .setOrder(toProto(l.order())).setPart(toProto(l.part()))
        .setSupplier(toProto(l.supplier()))
        .build();
  }

  private static PbOrder toProto(Tpch.Order o) {
    return PbOrder.newBuilder()
        .setOrderStatus(o.orderStatus()).setTotalPrice(o.totalPrice())
        .setOrderDate(day(o.orderDate())).setOrderPriority(o.orderPriority())
        .setClerk(o.clerk()).setShipPriority(o.shipPriority()).setComment(o.comment())
        .setCustomer(toProto(o.customer()))
        .build();
  }

  private static PbCustomer toProto(Tpch.Customer c) {
    return PbCustomer.newBuilder()
        .setCustKey(c.custKey()).setName(c.name()).setAddress(c.address()).setPhone(c.phone())
        .setAcctBal(c.acctBal()).setMktSegment(c.mktSegment()).setComment(c.comment())
        .setNation(toProto(c.nation()))
        .build();
  }

  private static PbNation toProto(Tpch.Nation n) {
    return PbNation.newBuilder().setName(n.name()).setComment(n.comment())
        .setRegion(PbRegion.newBuilder().setName(n.region().name())
            .setComment(n.region().comment()))
        .build();
  }

  private static PbPart toProto(Tpch.Part p) {
    return PbPart.newBuilder()
        .setPartKey(p.partKey()).setName(p.name()).setMfgr(p.mfgr()).setBrand(p.brand())
        .setType(p.type()).setSize(p.size()).setContainer(p.container())
        .setRetailPrice(p.retailPrice()).setComment(p.comment())
        .build();
  }

  private static PbSupplier toProto(Tpch.Supplier s) {
    return PbSupplier.newBuilder()
        .setSuppKey(s.suppKey()).setName(s.name()).setAddress(s.address()).setPhone(s.phone())
        .setAcctBal(s.acctBal()).setComment(s.comment()).setNation(toProto(s.nation()))
        .build();
  }

  static Tpch.Lineitem fromProto(PbLineitem l) {
    return new Tpch.Lineitem(l.getOrderKey(), l.getLineNumber(), l.getQuantity(),
        l.getExtendedPrice(), l.getDiscount(), l.getTax(), l.getReturnFlag(),
        l.getLineStatus(), date(l.getShipDate()), date(l.getCommitDate()),
        date(l.getReceiptDate()), l.getShipInstruct(), l.getShipMode(), l.getComment(),
        fromProto(l.getOrder()), fromProto(l.getPart()), fromProto(l.getSupplier()));
  }

  private static Tpch.Order fromProto(PbOrder o) {
    return new Tpch.Order(o.getOrderStatus(), o.getTotalPrice(), date(o.getOrderDate()),
        o.getOrderPriority(), o.getClerk(), o.getShipPriority(), o.getComment(),
        fromProto(o.getCustomer()));
  }

  private static Tpch.Customer fromProto(PbCustomer c) {
    return new Tpch.Customer(c.getCustKey(), c.getName(), c.getAddress(), c.getPhone(),
        c.getAcctBal(), c.getMktSegment(), c.getComment(), fromProto(c.getNation()));
  }

  private static Tpch.Nation fromProto(PbNation n) {
    return new Tpch.Nation(n.getName(), n.getComment(),
        new Tpch.Region(n.getRegion().getName(), n.getRegion().getComment()));
  }

  private static Tpch.Part fromProto(PbPart p) {
    return new Tpch.Part(p.getPartKey(), p.getName(), p.getMfgr(), p.getBrand(), p.getType(),
        p.getSize(), p.getContainer(), p.getRetailPrice(), p.getComment());
  }

  private static Tpch.Supplier fromProto(PbSupplier s) {
    return new Tpch.Supplier(s.getSuppKey(), s.getName(), s.getAddress(), s.getPhone(),
        s.getAcctBal(), s.getComment(), fromProto(s.getNation()));
  }

  // ---- media-content

  static PbMediaContent toProto(MediaContents.MediaContent c) {
    MediaContents.Media m = c.media();
    PbMedia.Builder media = PbMedia.newBuilder()
        .setUri(m.uri()).setWidth(m.width()).setHeight(m.height()).setFormat(m.format())
        .setDuration(m.duration()).setSize(m.size()).setBitrate(m.bitrate())
        .setHasBitrate(m.hasBitrate()).addAllPersons(m.persons()).setPlayer(m.player());
    if (m.title() != null) {
      media.setTitle(m.title());
    }
    if (m.copyright() != null) {
      media.setCopyright(m.copyright());
    }
    PbMediaContent.Builder b = PbMediaContent.newBuilder().setMedia(media);
    for (MediaContents.Image i : c.images()) {
      PbImage.Builder image = PbImage.newBuilder()
          .setUri(i.uri()).setWidth(i.width()).setHeight(i.height()).setSize(i.size());
      if (i.title() != null) {
        image.setTitle(i.title());
      }
      b.addImages(image);
    }
    return b.build();
  }

  static MediaContents.MediaContent fromProto(PbMediaContent c) {
    PbMedia m = c.getMedia();
    MediaContents.Media media = new MediaContents.Media(m.getUri(),
        m.hasTitle() ? m.getTitle() : null, m.getWidth(), m.getHeight(), m.getFormat(),
        m.getDuration(), m.getSize(), m.getBitrate(), m.getHasBitrate(),
        m.getPersonsList(), m.getPlayer(),
        m.hasCopyright() ? m.getCopyright() : null);
    List<MediaContents.Image> images = new ArrayList<>(c.getImagesCount());
    for (PbImage i : c.getImagesList()) {
      images.add(new MediaContents.Image(i.getUri(), i.hasTitle() ? i.getTitle() : null,
          i.getWidth(), i.getHeight(), i.getSize()));
    }
    return new MediaContents.MediaContent(media, images);
  }

  // ---- user-events

  static PbUser toProto(UserEvents.User u) {
    PbUser.Builder b = PbUser.newBuilder()
        .setId(u.id()).setName(u.name()).setEmail(u.email()).setLocale(u.locale())
        .setSignupDate(day(u.signupDate()));
    if (u.country() != null) {
      b.setCountry(u.country());
    }
    if (u.bio() != null) {
      b.setBio(u.bio());
    }
    for (UserEvents.Device d : u.devices()) {
      PbDevice.Builder device = PbDevice.newBuilder()
          .setDeviceId(d.deviceId()).setOs(d.os()).setUserAgent(d.userAgent());
      if (d.osVersion() != null) {
        device.setOsVersion(d.osVersion());
      }
      if (d.model() != null) {
        device.setModel(d.model());
      }
      if (d.pushToken() != null) {
        device.setPushToken(d.pushToken());
      }
      for (UserEvents.Connection c : d.connections()) {
        device.addConnections(toProto(c));
      }
      b.addDevices(device);
    }
    return b.build();
  }

  private static PbConnection toProto(UserEvents.Connection c) {
    PbConnection.Builder b = PbConnection.newBuilder()
        .setConnectionId(c.connectionId()).setIp(c.ip()).setStartedAt(c.startedAt());
    if (c.network() != null) {
      b.setNetwork(c.network());
    }
    if (c.carrier() != null) {
      b.setCarrier(c.carrier());
    }
    if (c.endedAt() != null) {
      b.setEndedAt(c.endedAt());
    }
    for (UserEvents.Event e : c.events()) {
      PbEvent.Builder event = PbEvent.newBuilder()
          .setEventId(e.eventId()).setType(e.type()).setTimestamp(e.timestamp())
          .setUrl(e.url()).addAllTags(e.tags());
      if (e.referrer() != null) {
        event.setReferrer(e.referrer());
      }
      if (e.message() != null) {
        event.setMessage(e.message());
      }
      if (e.durationMs() != null) {
        event.setDurationMs(e.durationMs());
      }
      if (e.value() != null) {
        event.setValue(e.value());
      }
      b.addEvents(event);
    }
    return b.build();
  }

  static UserEvents.User fromProto(PbUser u) {
    List<UserEvents.Device> devices = new ArrayList<>(u.getDevicesCount());
    for (PbDevice d : u.getDevicesList()) {
      List<UserEvents.Connection> connections = new ArrayList<>(d.getConnectionsCount());
      for (PbConnection c : d.getConnectionsList()) {
        connections.add(fromProto(c));
      }
      devices.add(new UserEvents.Device(d.getDeviceId(), d.getOs(),
          d.hasOsVersion() ? d.getOsVersion() : null, d.hasModel() ? d.getModel() : null,
          d.getUserAgent(), d.hasPushToken() ? d.getPushToken() : null, connections));
    }
    return new UserEvents.User(u.getId(), u.getName(), u.getEmail(),
        u.hasCountry() ? u.getCountry() : null, u.getLocale(), date(u.getSignupDate()),
        u.hasBio() ? u.getBio() : null, devices);
  }

  private static UserEvents.Connection fromProto(PbConnection c) {
    List<UserEvents.Event> events = new ArrayList<>(c.getEventsCount());
    for (PbEvent e : c.getEventsList()) {
      events.add(new UserEvents.Event(e.getEventId(), e.getType(), e.getTimestamp(),
          e.getUrl(), e.hasReferrer() ? e.getReferrer() : null,
          e.hasMessage() ? e.getMessage() : null,
          e.hasDurationMs() ? e.getDurationMs() : null, e.hasValue() ? e.getValue() : null,
          e.getTagsList()));
    }
    return new UserEvents.Connection(c.getConnectionId(), c.getIp(),
        c.hasNetwork() ? c.getNetwork() : null, c.hasCarrier() ? c.getCarrier() : null,
        c.getStartedAt(), c.hasEndedAt() ? c.getEndedAt() : null, events);
  }

  private static int day(LocalDate d) {
    return Math.toIntExact(d.toEpochDay());
  }

  private static LocalDate date(int day) {
    return LocalDate.ofEpochDay(day);
  }
}
