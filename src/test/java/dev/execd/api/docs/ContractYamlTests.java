package dev.execd.api.docs;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.ScalarEvent;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The committed contract (equal to the served one, see {@code OpenApiContractTests})
 * loads in YAML 1.1 parsers too: no plain scalar that YAML 1.1 alone gives a type of its
 * own, which PyYAML, for one, refuses to load.
 */
class ContractYamlTests {

	@Test
	void noPlainScalarIsTypedByYaml11Alone() throws IOException {
		List<String> plain = new ArrayList<>();
		int scalars = 0;
		try (Reader reader = Files.newBufferedReader(Path.of("openapi", "execd.yaml"))) {
			for (Event event : new Yaml().parse(reader)) {
				if (event instanceof ScalarEvent scalar) {
					scalars++;
					boolean yaml11Typed = scalar.getValue().equals("=") || scalar.getValue().equals("<<");
					if (yaml11Typed && scalar.getScalarStyle() == DumperOptions.ScalarStyle.PLAIN) {
						plain.add(scalar.getValue() + " at " + scalar.getStartMark());
					}
				}
			}
		}
		assertThat(scalars).isGreaterThan(10_000);
		assertThat(plain).isEmpty();
	}

	@Test
	void theQuotingOfOtherStringsIsJacksons() {
		YamlQuoting.Yaml11Quoting quoting = new YamlQuoting.Yaml11Quoting();
		assertThat(quoting.needToQuoteValue("=")).isTrue();
		assertThat(quoting.needToQuoteName("<<")).isTrue();
		assertThat(quoting.needToQuoteValue("true")).isTrue();
		assertThat(quoting.needToQuoteValue("A")).isFalse();
		assertThat(quoting.needToQuoteValue("==")).isFalse();
	}

}
