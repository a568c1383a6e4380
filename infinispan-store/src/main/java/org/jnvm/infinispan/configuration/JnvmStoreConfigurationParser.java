package org.jnvm.infinispan.configuration;

import java.util.Locale;
import org.infinispan.commons.CacheConfigurationException;
import org.infinispan.commons.configuration.io.ConfigurationReader;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.infinispan.configuration.parsing.CacheParser;
import org.infinispan.configuration.parsing.ConfigurationBuilderHolder;
import org.infinispan.configuration.parsing.ConfigurationParser;
import org.infinispan.configuration.parsing.Namespace;
import org.infinispan.configuration.parsing.Namespaces;
import org.infinispan.configuration.parsing.ParseUtils;
import org.jnvm.infinispan.StoreMode;

/**
 * Parses {@code <jnvm-store>} in the namespace {@value #NAMESPACE} (schema {@code
 * schema/jnvm-infinispan-store-0.1.xsd} in this jar). Registered through {@code
 * META-INF/services/org.infinispan.configuration.parsing.ConfigurationParser}.
 */
@Namespaces({
  @Namespace(root = "jnvm-store"),
  @Namespace(uri = JnvmStoreConfigurationParser.NAMESPACE, root = "jnvm-store")
})
public class JnvmStoreConfigurationParser implements ConfigurationParser {
  public static final String NAMESPACE = "urn:org:jnvm:infinispan:store:0.1";

  @Override
  public void readElement(ConfigurationReader reader, ConfigurationBuilderHolder holder) {
    ConfigurationBuilder builder = holder.getCurrentConfigurationBuilder();
    if (Element.forName(reader.getLocalName()) != Element.JNVM_STORE) {
      throw ParseUtils.unexpectedElement(reader);
    }
    parseStore(reader, builder.persistence().addStore(JnvmStoreConfigurationBuilder.class));
  }

  private void parseStore(ConfigurationReader reader, JnvmStoreConfigurationBuilder b) {
    for (int i = 0; i < reader.getAttributeCount(); i++) {
      ParseUtils.requireNoNamespaceAttribute(reader, i);
      String value = reader.getAttributeValue(i);
      switch (Attribute.forName(reader.getAttributeName(i))) {
        case PATH -> b.path(value);
        case SIZE -> b.size(value);
        case MODE -> b.mode(mode(value));
        case CREATE_IF_MISSING -> b.createIfMissing(bool(Attribute.CREATE_IF_MISSING, value));
        case CHECKSUMS -> b.checksums(bool(Attribute.CHECKSUMS, value));
        default -> CacheParser.parseStoreAttribute(reader, i, b);
      }
    }
    while (reader.inTag()) {
      CacheParser.parseStoreElement(reader, b);
    }
  }

  private static StoreMode mode(String v) {
    try {
      return StoreMode.valueOf(v.trim().toUpperCase(Locale.ROOT).replace("-", ""));
    } catch (IllegalArgumentException e) {
      throw new CacheConfigurationException(
          "jnvm-store: mode must be JPDT or JPFA: mode=\"" + v + "\"");
    }
  }

  private static boolean bool(Attribute a, String v) {
    if ("true".equalsIgnoreCase(v.trim())) return true;
    if ("false".equalsIgnoreCase(v.trim())) return false;
    throw new CacheConfigurationException(
        "jnvm-store: " + a + " must be true or false: value=\"" + v + "\"");
  }

  @Override
  public Namespace[] getNamespaces() {
    return ParseUtils.getNamespaceAnnotations(getClass());
  }
}
