package org.jnvm.infinispan.cluster;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.infinispan.protostream.FileDescriptorSource;
import org.infinispan.protostream.MessageMarshaller;
import org.infinispan.protostream.SerializationContext;
import org.infinispan.protostream.SerializationContextInitializer;

/**
 * Marshalling of {@link NamedRingHashFactory}: a joining node sends its cache's hash factory to the
 * coordinator, which compares it with the cache's. Found by Infinispan through the ServiceLoader
 * (the drop-in jar lists it in META-INF/services).
 */
public final class ClusterSerialization implements SerializationContextInitializer {
  static final String PROTO_FILE = "jnvm-cluster.proto";
  static final String TYPE = "org.jnvm.infinispan.cluster.NamedRingHashFactory";

  private static final String PROTO =
      """
      syntax = "proto2";
      package org.jnvm.infinispan.cluster;
      message NamedRingHashFactory {
         repeated string ring = 1;
      }
      """;

  @Override
  public String getProtoFileName() {
    return PROTO_FILE;
  }

  @Override
  public String getProtoFile() throws UncheckedIOException {
    return PROTO;
  }

  @Override
  public void registerSchema(SerializationContext ctx) {
    ctx.registerProtoFiles(FileDescriptorSource.fromString(PROTO_FILE, PROTO));
  }

  @Override
  public void registerMarshallers(SerializationContext ctx) {
    ctx.registerMarshaller(new FactoryMarshaller());
  }

  private static final class FactoryMarshaller implements MessageMarshaller<NamedRingHashFactory> {
    @Override
    public NamedRingHashFactory readFrom(ProtoStreamReader r) throws java.io.IOException {
      List<String> ring = r.readCollection("ring", new ArrayList<>(), String.class);
      return new NamedRingHashFactory(ring);
    }

    @Override
    public void writeTo(ProtoStreamWriter w, NamedRingHashFactory f) throws java.io.IOException {
      w.writeCollection("ring", f.ring(), String.class);
    }

    @Override
    public Class<? extends NamedRingHashFactory> getJavaClass() {
      return NamedRingHashFactory.class;
    }

    @Override
    public String getTypeName() {
      return TYPE;
    }
  }
}
