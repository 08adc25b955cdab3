package dev.execd.api.docs;

import org.springdoc.core.properties.SwaggerUiConfigProperties;
import org.springdoc.webmvc.ui.SwaggerIndexTransformer;
import org.springdoc.webmvc.ui.SwaggerResourceResolver;
import org.springdoc.webmvc.ui.SwaggerWebMvcConfigurer;
import org.springdoc.webmvc.ui.SwaggerWelcomeCommon;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.web.WebProperties;
import org.springframework.boot.webmvc.autoconfigure.WebMvcProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Lazy;

/**
 * springdoc's beans made at the first request for the description or Swagger UI instead
 * of at start: building them loads Jackson 2 and swagger-core (about 700 classes) into
 * every server, though most never serve the description. Spring MVC maps lazy controllers
 * by their bean names and creates them at their first request.
 */
@Configuration(proxyBeanMethods = false)
class LazyDocsConfiguration {

	/** springdoc's bean that registers its model converters with swagger-core. */
	private static final String CONVERTER_REGISTRAR = "modelConverterRegistrar";

	/** springdoc's bean that builds the description. */
	private static final String DESCRIPTION_BUILDER = "openAPIBuilder";

	/**
	 * Marks springdoc's beans lazy. The converter registrar works by side effect and
	 * nothing injects it: the description's builder depends on it, or a lazy registrar
	 * would never run and the converters (such as the one that unwraps
	 * {@code ResponseEntity}) would be missing from the description.
	 */
	@Bean
	static BeanFactoryPostProcessor lazySpringdoc() {
		return (beanFactory) -> {
			for (String name : beanFactory.getBeanDefinitionNames()) {
				BeanDefinition definition = beanFactory.getBeanDefinition(name);
				String factory = definition.getFactoryBeanName();
				String type = (factory != null && beanFactory.containsBeanDefinition(factory))
						? beanFactory.getBeanDefinition(factory).getBeanClassName() : definition.getBeanClassName();
				if (type != null && type.startsWith("org.springdoc.")) {
					definition.setLazyInit(true);
				}
			}
			if (beanFactory.containsBeanDefinition(DESCRIPTION_BUILDER)
					&& beanFactory.containsBeanDefinition(CONVERTER_REGISTRAR)) {
				BeanDefinition builder = beanFactory.getBeanDefinition(DESCRIPTION_BUILDER);
				builder.setDependsOn(CONVERTER_REGISTRAR);
			}
		};
	}

	/**
	 * Swagger UI's resource handlers: the same as springdoc's own configurer, which is
	 * created at start with every other {@code WebMvcConfigurer}, but with its index
	 * transformer (which builds a Jackson 2 mapper), resolver and welcome controller
	 * resolved at the first request that needs them. Present when springdoc's is, that is
	 * unless Swagger UI is switched off.
	 */
	@Bean
	@ConditionalOnProperty(name = "springdoc.swagger-ui.enabled", matchIfMissing = true)
	SwaggerWebMvcConfigurer swaggerWebMvcConfigurer(SwaggerUiConfigProperties properties,
			ObjectProvider<WebProperties> web, ObjectProvider<WebMvcProperties> mvc,
			@Lazy SwaggerIndexTransformer transformer, @Lazy SwaggerResourceResolver resolver,
			@Lazy SwaggerWelcomeCommon welcome) {
		return new SwaggerWebMvcConfigurer(properties, web.getIfAvailable(WebProperties::new),
				mvc.getIfAvailable(WebMvcProperties::new), transformer, resolver, welcome);
	}

}
