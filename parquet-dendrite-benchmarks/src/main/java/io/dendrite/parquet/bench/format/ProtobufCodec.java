package io.dendrite.parquet.bench.format;

import com.google.protobuf.MessageLite;
import com.google.protobuf.Parser;
import io.dendrite.parquet.bench.dataset.Dataset;
import io.dendrite.parquet.bench.dataset.MediaContents;
import io.dendrite.parquet.bench.dataset.Tpch;
import io.dendrite.parquet.bench.dataset.UserEvents;
import io.dendrite.parquet.bench.proto.PbLineitem;
import io.dendrite.parquet.bench.proto.PbMediaContent;
import io.dendrite.parquet.bench.proto.PbUser;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Protocol Buffers with the generated classes of {@code datasets.proto}: records go out with
 * {@code writeDelimitedTo}'s framing and are read serially with {@code parseDelimitedFrom},
 * each message converted to a record by {@link ProtoMappers}.
 */
final class ProtobufCodec extends RecordCodec {
  /** One dataset's message type and mappers. */
  private record Binding(Parser<? extends MessageLite> parser,
      Function<Object, MessageLite> toProto, Function<MessageLite, Object> fromProto) {}

  ProtobufCodec() {
    super("protobuf");
  }

  private static Binding binding(Dataset<?> dataset) {
    if (dataset == Dataset.TPCH) {
      return new Binding(PbLineitem.parser(), r -> ProtoMappers.toProto((Tpch.Lineitem) r),
          m -> ProtoMappers.fromProto((PbLineitem) m));
    } else if (dataset == Dataset.MEDIA) {
      return new Binding(PbMediaContent.parser(),
          r -> ProtoMappers.toProto((MediaContents.MediaContent) r),
          m -> ProtoMappers.fromProto((PbMediaContent) m));
    } else if (dataset == Dataset.EVENTS) {
      return new Binding(PbUser.parser(), r -> ProtoMappers.toProto((UserEvents.User) r),
          m -> ProtoMappers.fromProto((PbUser) m));
    }
    throw new IllegalArgumentException("no protobuf messages for dataset " + dataset);
  }

  @Override
  Encoder encoder(Dataset<?> dataset) {
    Binding b = binding(dataset);
    return (record, out) -> b.toProto().apply(record).writeTo(out);
  }

  @Override
  Decoder decoder(Dataset<?> dataset) {
    Binding b = binding(dataset);
    return (bytes, offset, length) ->
        b.fromProto().apply(b.parser().parseFrom(bytes, offset, length));
  }

  @Override
  void readSerial(Dataset<?> dataset, InputStream in, Consumer<Object> sink) throws IOException {
    Binding b = binding(dataset);
    InputStream buffered = new java.io.BufferedInputStream(in, Compression.BUFFER);
    MessageLite m;
    while ((m = b.parser().parseDelimitedFrom(buffered)) != null) {
      sink.accept(b.fromProto().apply(m));
    }
  }
}
