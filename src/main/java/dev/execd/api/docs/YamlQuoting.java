package dev.execd.api.docs;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.util.StringQuotingChecker;
import org.springdoc.core.properties.SpringDocConfigProperties;
import org.springdoc.core.providers.ObjectMapperProvider;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Lazy;

/**
 * The served YAML ({@code /v3/api-docs.yaml}, and so {@code openapi/execd.yaml}) read the
 * same by YAML 1.1 parsers, PyYAML among them, as by YAML 1.2 ones: a plain {@code =} is
 * the "value" type in YAML 1.1 and a document holding one (the key enum lists every
 * printable character) cannot be loaded there. Such strings are written quoted; nothing
 * else in the output changes.
 */
@Configuration(proxyBeanMethods = false)
class YamlQuoting {

	/**
	 * In place of springdoc's own (which backs off), under its name, and lazy like
	 * springdoc's other beans ({@link LazyDocsConfiguration}).
	 */
	@Bean
	@Lazy
	ObjectMapperProvider springdocObjectMapperProvider(SpringDocConfigProperties properties) {
		return new QuotingProvider(properties);
	}

	/** springdoc's mappers, the YAML one with the stricter quoting. */
	static final class QuotingProvider extends ObjectMapperProvider {

		private final ObjectMapper yaml;

		QuotingProvider(SpringDocConfigProperties properties) {
			super(properties);
			ObjectMapper original = super.yamlMapper();
			YAMLFactory factory = ((YAMLFactory) original.getFactory()).rebuild()
				.stringQuotingChecker(new Yaml11Quoting())
				.build();
			this.yaml = original.copyWith(factory);
		}

		@Override
		public ObjectMapper yamlMapper() {
			return this.yaml;
		}

	}

	/** Jackson's rules, plus the scalars that YAML 1.1 alone gives a type. */
	static final class Yaml11Quoting extends StringQuotingChecker.Default {

		private static final long serialVersionUID = 1L;

		@Override
		public boolean needToQuoteName(String name) {
			return yaml11Only(name) || super.needToQuoteName(name);
		}

		@Override
		public boolean needToQuoteValue(String value) {
			return yaml11Only(value) || super.needToQuoteValue(value);
		}

		/** {@code =} (value) and {@code <<} (merge key). */
		private static boolean yaml11Only(String text) {
			return text.equals("=") || text.equals("<<");
		}

	}

}
