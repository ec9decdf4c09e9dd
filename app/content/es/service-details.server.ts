// Contenido, no código: los problemas, las causas y las respuestas de cada página de servicio en
// español de EE. UU. (de "usted"), escritos para quien busca "reparación de secadoras en
// Houston", no traducidos palabra por palabra. Los términos siguen docs/glossary-es.md.
import type { ServiceDetail } from "../service-details.server";

export const spanishServiceDetails: readonly ServiceDetail[] = [
  {
    slug: "refrigerator",
    metaDescription:
      "¿Su refrigerador no enfría, gotea o hace escarcha? Reparación de refrigeradores a domicilio: ventiladores, descongelamiento, máquinas de hielo y compresores, por lo general en 48 horas.",
    intro: [
      "Un refrigerador que deja de enfriar pone en riesgo la comida de toda la semana, y por eso lo tratamos como lo que es: un trabajo urgente. Casi todas las fallas de enfriamiento vienen de unas pocas piezas: los serpentines y el ventilador del condensador, que sacan el calor; el ventilador del evaporador, que mueve el aire frío; el sistema de descongelamiento, que mantiene limpio el serpentín del evaporador; y el relé de arranque, que pone en marcha el compresor. Nuestros técnicos prueban cada una en lugar de adivinar, y llevan las más comunes en la camioneta.",
      "Reparamos refrigeradores con congelador arriba, congelador abajo, de dos puertas (side-by-side), de puerta francesa y empotrados, además de sus máquinas de hielo y dispensadores de agua. El trabajo en el sistema sellado (buscar una fuga de refrigerante, cambiar un compresor, recargar gas) lo hacen solo técnicos certificados según la Sección 608 de la EPA, como exige la ley federal.",
      "Mientras llegamos, mantenga las puertas cerradas: un refrigerador sin abrir conserva la comida segura unas cuatro horas, y un congelador lleno mantiene la temperatura unos dos días. Si puede llegar a los serpentines del condensador, pasarles la aspiradora a veces basta para que un refrigerador que batalla vuelva a enfriar.",
    ],
    problems: [
      {
        title: "El refrigerador no enfría",
        causes:
          "La causa más común son los serpentines del condensador llenos de polvo, o un ventilador del condensador que dejó de girar, de modo que el refrigerador no puede sacar el calor. Si el compresor no arranca para nada, muchas veces la culpa es del relé de arranque o del protector de sobrecarga. Un motor del ventilador del evaporador dañado impide que circule el aire frío aunque el compresor funcione, y una fuga en el sistema sellado deja escapar poco a poco el refrigerante.",
      },
      {
        title: "El congelador enfría pero el refrigerador está tibio",
        causes:
          "El aire frío de la sección de alimentos frescos viene del congelador, así que cualquier cosa que bloquee ese flujo calienta primero el refrigerador. Por lo general el serpentín del evaporador se cubrió de hielo porque falló el descongelamiento: una resistencia de descongelamiento quemada, un termostato de descongelamiento que no cierra o un temporizador o tarjeta de control trabados. Un motor del ventilador del evaporador dañado o una compuerta de aire atascada y cerrada causan lo mismo.",
      },
      {
        title: "El refrigerador hace clic pero no arranca",
        causes:
          "Un clic, un zumbido corto y otro clic cada pocos minutos significan que el compresor intenta arrancar y el protector de sobrecarga lo apaga. La causa habitual es un relé de arranque dañado, una pieza económica que se conecta a presión. Si un relé nuevo no lo resuelve, medimos los devanados del compresor y le decimos con claridad si la reparación vale la pena para la edad del equipo.",
      },
      {
        title: "Sale agua al piso",
        causes:
          "La mayoría de las fugas empiezan con un desagüe de descongelamiento tapado o congelado: el agua que debería bajar a la bandeja termina debajo de los cajones de verduras o en el piso. Una bandeja de desagüe rajada, una línea de agua floja o partida, o una válvula de entrada de agua que gotea detrás del equipo son las otras causas comunes. En modelos con dispensador, también puede gotear un depósito o un tubo de llenado rajado.",
      },
      {
        title: "La máquina de hielo no hace hielo",
        causes:
          "La máquina de hielo necesita el congelador cerca de 0 °F para funcionar, así que lo primero que descartamos es un congelador tibio. Después, las causas habituales son una válvula de entrada de agua dañada, un tubo de llenado congelado, un filtro de agua tapado o una presión de agua por debajo de los 20 psi que piden casi todas las válvulas. Si el agua llega al molde pero el hielo nunca cae, falló el módulo de la máquina de hielo.",
      },
      {
        title: "El refrigerador hace ruidos fuertes",
        causes:
          "Un chillido dentro del congelador casi siempre viene de un motor del ventilador del evaporador gastado o de hielo que roza sus aspas. Un traqueteo o zumbido abajo, en la parte de atrás, suele ser el motor del ventilador del condensador o una bandeja de desagüe suelta. Los clics repetidos en la zona del compresor son el relé de arranque o el protector de sobrecarga.",
      },
      {
        title: "El refrigerador no deja de funcionar",
        causes:
          "Un compresor que nunca se apaga está trabajando de más. Las razones comunes son serpentines del condensador sucios, un empaque de la puerta roto o aplastado que deja entrar aire caliente, y una falla parcial del descongelamiento que deja escarcha en el serpentín del evaporador. La falta de refrigerante por una fuga en el sistema sellado da el mismo síntoma, y se nota porque solo una parte del serpentín se escarcha.",
      },
      {
        title: "Se acumula escarcha en el congelador",
        causes:
          "La escarcha sobre la comida y en las paredes cerca de la puerta indica que entra aire húmedo, casi siempre por un empaque gastado, una puerta que no cierra del todo o un forro de la puerta rajado. Una capa pareja de escarcha sobre el panel de atrás apunta más bien al descongelamiento: la resistencia, el termostato de descongelamiento o el temporizador o la tarjeta de control.",
      },
      {
        title: "El refrigerador congela la comida",
        causes:
          "Si el termostato no está simplemente demasiado frío, la causa habitual es una compuerta de aire atascada y abierta, que llena la sección de alimentos frescos con aire del congelador. Un termistor que lee mal la temperatura, o una tarjeta de control que mantiene los ventiladores encendidos, causan lo mismo. La comida guardada justo frente a la salida de aire frío se congela incluso en un refrigerador sano.",
      },
    ],
  },
  {
    slug: "washer",
    metaDescription:
      "¿Su lavadora no desagua, no centrifuga o no llena? Reparación de lavadoras de carga superior y frontal a domicilio: bombas de desagüe, seguros de puerta, bandas, amortiguadores y válvulas.",
    intro: [
      "Una lavadora descompuesta se convierte rápido en una montaña de ropa sucia. La buena noticia es que casi todas las fallas de las lavadoras son mecánicas y bien conocidas: el filtro de la bomba de desagüe lleno de basura, un interruptor de tapa o un seguro de puerta gastado, una banda estirada o un acoplador del motor roto, amortiguadores cansados o los filtros de la válvula de entrada tapados con sedimento. Nuestros técnicos encuentran la falla real y la reparan, casi siempre con piezas que ya llevan en la camioneta.",
      "Reparamos lavadoras de carga superior con agitador o impulsor, lavadoras de carga frontal y centros de lavado apilados. Algunas reparaciones, como cambiar los rodamientos del tambor de una lavadora de carga frontal, cuestan lo suficiente como para considerar un equipo nuevo, y se lo diremos antes de empezar cualquier trabajo.",
      "Antes de llamar: en una lavadora de carga frontal, revise el filtro de la bomba de desagüe detrás de la pequeña tapa abajo al frente. Calcetines, monedas y pasadores atrapados ahí causan muchas visitas. Tenga toallas y un recipiente bajo a la mano, porque el agua del tambor saldrá por ahí.",
    ],
    problems: [
      {
        title: "La lavadora no desagua",
        causes:
          "La causa más común es un filtro de la bomba de desagüe tapado, o un calcetín o una moneda atorados en la bomba. Después vienen un motor de la bomba de desagüe dañado y una manguera de desagüe doblada o tapada. En muchas lavadoras de carga superior, un interruptor de tapa dañado también detiene el desagüe y el centrifugado, porque el control no enciende la bomba si no confirma que la tapa está cerrada.",
      },
      {
        title: "La lavadora no centrifuga",
        causes:
          "Una lavadora no centrifuga hasta que desagua, así que un problema de desagüe muchas veces parece un problema de centrifugado. Si no es eso, revisamos el interruptor de tapa o el seguro de la puerta, una banda gastada o rota y, en lavadoras de carga superior de transmisión directa más antiguas, el acoplador del motor, una pequeña pieza de plástico y hule que se rompe y deja el motor zumbando sin mover nada. Una carga que se desbalancea una y otra vez también detiene el centrifugado.",
      },
      {
        title: "La lavadora vibra y camina por el piso",
        causes:
          "Primero nos aseguramos de que la lavadora esté nivelada y de que se hayan quitado los tornillos de transporte de una lavadora de carga frontal nueva. Además, las de carga frontal dependen de amortiguadores y resortes para sostener el tambor, y las de carga superior de varillas o resortes de suspensión, y todos se desgastan. Los rodamientos del tambor gastados dejan que el tambor se tambalee y empeoran la vibración.",
      },
      {
        title: "La lavadora hace mucho ruido al centrifugar",
        causes:
          "Un rugido que aumenta a medida que el tambor acelera es la señal clásica de rodamientos dañados, casi siempre porque el sello del tambor dejó entrar agua y los oxidó. Un ruido de molienda o traqueteo al empezar el desagüe suele ser una moneda o un botón en la bomba. Un chillido en un modelo de banda apunta a una banda o una polea del motor gastadas.",
      },
      {
        title: "La lavadora gotea",
        causes:
          "En las lavadoras de carga frontal, la fuente más frecuente es el empaque de la puerta (fuelle) roto, muchas veces cortado por algo que se quedó en un bolsillo. Otras causas son los empaques de las mangueras de llenado gastados, una bomba de desagüe o una abrazadera de la manguera que gotea, y un sello del tambor dañado. Demasiado detergente, o un detergente que no es de alta eficiencia (HE), puede sacar espuma fuera de la máquina.",
      },
      {
        title: "La lavadora no llena o llena muy despacio",
        causes:
          "Unas pequeñas mallas dentro de la válvula de entrada de agua, donde se conectan las mangueras, atrapan sedimento y poco a poco cortan el flujo. Si las mallas están limpias, puede haber fallado uno de los solenoides de la válvula, o el interruptor de presión o el sensor de nivel pueden estar leyendo mal el tambor. Revise también que las dos llaves de agua detrás de la lavadora estén completamente abiertas.",
      },
      {
        title: "La puerta no se traba o no se destraba",
        causes:
          "Una lavadora de carga frontal no arranca hasta que el seguro de la puerta confirma que trabó, y un seguro gastado o un gancho roto en la puerta detienen todos los ciclos. Una puerta que sigue trabada al terminar el ciclo casi siempre significa que aún hay agua en el tambor, lo que nos lleva de vuelta a un problema de desagüe. Con menos frecuencia, la tarjeta de control deja de mandar la señal para trabar o destrabar.",
      },
      {
        title: "La lavadora no arranca para nada",
        causes:
          "Empezamos por lo sencillo: un interruptor (breaker) botado o un tomacorriente GFCI disparado, y el bloqueo de controles activado. Después probamos el interruptor de tapa o el seguro de la puerta, el botón de inicio o el selector, y la tarjeta de control principal o el temporizador. En algunos modelos, una tarjeta de control del motor dañada deja la pantalla encendida sin que pase nada más.",
      },
      {
        title: "La lavadora huele a humedad",
        causes:
          "El moho crece donde el agua se queda: en los pliegues del empaque de la puerta de una lavadora de carga frontal, en el filtro de la bomba de desagüe y en el cajón del detergente. Usar demasiado detergente, o uno que no es de alta eficiencia, deja residuos que lo alimentan. Un ciclo de limpieza al mes y dejar la puerta abierta entre cargas evitan casi todos los olores; un desagüe parcialmente tapado que deja agua estancada necesita reparación.",
      },
    ],
  },
  {
    slug: "dryer",
    metaDescription:
      "¿Su secadora no calienta o tarda horas en secar? Reparación de secadoras eléctricas y de gas en Houston, Dallas, Miami y sus alrededores: fusibles térmicos, resistencias, encendedores, válvulas de gas y rodillos.",
    intro: [
      "Casi todos los problemas de una secadora son de falta de calor o de exceso de calor, y los dos suelen empezar con el flujo de aire. Un ducto de ventilación tapado con pelusa hace que la secadora trabaje demasiado caliente: eso funde el fusible térmico, quema las resistencias y hace que una carga que se secaba en un ciclo necesite tres. Por eso nuestros técnicos revisan el ducto en cada visita de secadora, no solo la pieza que falló.",
      "Reparamos secadoras eléctricas y de gas, incluidas las apiladas y los centros de lavado: fusibles térmicos, resistencias y termostatos, bobinas de la válvula de gas y encendedores, rodillos del tambor, poleas tensoras, bandas, motores y sensores de humedad. El trabajo en secadoras de gas se hace según el código, y revisamos que no haya fugas en cada reparación de gas antes de irnos.",
      "Si huele a gas, no use la secadora ni toque ningún interruptor. Salga de la casa y llame a su compañía de gas desde afuera. Si la secadora huele a quemado, deje de usarla, porque la pelusa acumulada alrededor de la resistencia es un verdadero riesgo de incendio.",
    ],
    problems: [
      {
        title: "La secadora funciona pero no calienta",
        causes:
          "En las secadoras eléctricas, las culpables habituales son un fusible térmico fundido, una resistencia abierta o un termostato de límite alto o de ciclo dañado. Si solo se botó una mitad del interruptor doble de 240 voltios, el tambor gira pero no hay calor. En las secadoras de gas, revisamos el encendedor, el sensor de llama y las bobinas de la válvula de gas.",
      },
      {
        title: "El encendedor se pone rojo pero la secadora de gas no prende",
        causes:
          "Cuando el encendedor se pone rojo y luego se apaga sin que salga la llama, la causa habitual son las bobinas del solenoide de la válvula de gas: se debilitan con el calor y dejan de abrir la válvula, muchas veces solo cuando la secadora ya está caliente. Si el encendedor no se pone rojo, casi siempre está rajado, o el sensor de llama falló abierto. Como es trabajo de gas, es una reparación para un técnico capacitado, no un proyecto de fin de semana.",
      },
      {
        title: "La secadora tarda demasiado en secar",
        causes:
          "Un ducto de ventilación tapado o aplastado es la causa mucho más seguido que cualquier pieza dentro de la secadora. Un ducto más largo de lo que permite el fabricante, un ducto de plástico o de aluminio delgado, o una salida exterior bloqueada retienen la humedad. Dentro de la secadora, revisamos la resistencia, las bobinas de la válvula de gas y las barras del sensor de humedad, que las hojas suavizantes cubren con una película.",
      },
      {
        title: "La secadora no arranca",
        causes:
          "En muchos modelos, un fusible térmico fundido corta la corriente al motor, así que la secadora no hace nada al oprimir Inicio. El interruptor de la puerta, el botón de inicio, una banda rota (algunas secadoras tienen un interruptor que detiene el motor sin banda) y el propio motor son los otros sospechosos. En una secadora eléctrica, un interruptor de 240 voltios botado a medias también puede impedir que arranque, así que revisamos el breaker también.",
      },
      {
        title: "El tambor no gira pero el motor zumba",
        causes:
          "Un motor que zumba con el tambor quieto casi siempre significa que la banda se rompió o se salió de la polea tensora. Si la banda está bien, lo siguiente es un rodillo del tambor trabado, una turbina del ventilador atascada o un motor que falla y no alcanza su velocidad. Usar la secadora así puede sobrecalentar el motor, por eso es mejor apagarla.",
      },
      {
        title: "La secadora chilla, golpetea o raspa",
        causes:
          "Un golpeteo rítmico suele indicar rodillos del tambor gastados o con partes planas. Un chillido agudo casi siempre es el rodamiento de la polea tensora, y un raspado viene de deslizadores o sellos de fieltro del tambor gastados, que dejan que el tambor roce el gabinete. Cambiar juntos los rodillos, la polea tensora y la banda suele ser la reparación más económica.",
      },
      {
        title: "La secadora se apaga antes de que la ropa esté seca",
        causes:
          "La pelusa y los residuos de las hojas suavizantes cubren las barras del sensor de humedad dentro del tambor, y la secadora cree que la carga ya está seca y termina el ciclo antes de tiempo. Limpiarlas con alcohol isopropílico muchas veces lo resuelve. Si no, la falla puede estar en el sensor, en la tarjeta de control o en un motor que se sobrecalienta y dispara su protector interno.",
      },
      {
        title: "La secadora se calienta demasiado o huele a quemado",
        causes:
          "El sobrecalentamiento casi siempre es falta de flujo de aire: un ducto tapado, un ducto aplastado detrás de la secadora o pelusa acumulada alrededor de la resistencia. Un termostato de ciclo trabado en cerrado mantiene el calor encendido demasiado tiempo. La pelusa es muy inflamable, así que deje de usar la secadora hasta encontrar la causa.",
      },
    ],
  },
  {
    slug: "oven",
    metaDescription:
      "¿Su horno no calienta o la temperatura no es la correcta? Reparación de hornos, estufas y parrillas de gas y eléctricas a domicilio: resistencias, encendedores, sensores y tarjetas de control.",
    intro: [
      "Un horno que no calienta, o que calienta 50 grados de más o de menos, casi siempre tiene la falla en unas pocas piezas: una resistencia de hornear o de asar quemada, un encendedor de gas demasiado débil para abrir la válvula, un sensor de temperatura descalibrado, un empaque de la puerta que deja escapar calor o un relé de la tarjeta de control. Nuestros técnicos miden en lugar de cambiar piezas hasta que algo funcione.",
      "Reparamos estufas de pie y empotrables, hornos de pared, hornos dobles y parrillas de gas y eléctricas, incluidas las de vitrocerámica y de inducción. Las conexiones de gas y el trabajo en válvulas los hacen técnicos capacitados para ello, y revisamos que no haya fugas en cada reparación de gas antes de irnos.",
      "Si huele a gas, apague los quemadores si puede hacerlo con seguridad, no toque ningún interruptor, salga de la casa y llame a su compañía de gas o al 911 desde afuera. No intente reparar una válvula de gas usted mismo.",
    ],
    problems: [
      {
        title: "El horno no calienta",
        causes:
          "En los hornos eléctricos, la sospechosa habitual es la resistencia de hornear, y cuando falla muchas veces se ve rota o con una ampolla. En los hornos de gas casi siempre es el encendedor: un encendedor incandescente puede seguir rojo y aun así consumir muy poca corriente para abrir la válvula de seguridad del gas, que suele necesitar unos 3 amperios o más según el modelo. Una válvula de seguridad dañada, un fusible térmico fundido o un relé de la tarjeta de control que ya no cierra son las otras causas.",
      },
      {
        title: "El horno tarda muchísimo en calentar",
        causes:
          "En un horno de gas, un arranque lento casi siempre indica un encendedor que se está debilitando y tarda minutos en consumir la corriente necesaria para abrir la válvula. En un horno eléctrico, una resistencia de hornear que falló en parte, o una de asar que ya no ayuda en el precalentado, alargan el tiempo. Un empaque de la puerta que deja escapar calor empeora cualquiera de los dos problemas.",
      },
      {
        title: "La temperatura del horno no es la correcta",
        causes:
          "Casi todos los hornos leen la temperatura con un sensor cuya resistencia sube con el calor, por lo general unos 1,100 ohmios a temperatura ambiente. Cuando ese sensor se descalibra, el horno calienta de más o de menos aunque la pantalla se vea normal. Los empaques de la puerta gastados, las bisagras vencidas y una resistencia que falla son las otras causas comunes; muchos hornos también permiten ajustar la calibración unos cuantos grados.",
      },
      {
        title: "El asador (broil) no funciona",
        causes:
          "En los hornos eléctricos, la resistencia de asar se quema igual que la de hornear. Los hornos de gas tienen un encendedor aparte para el asador que se debilita con el tiempo, y un relé de la tarjeta de control puede fallar en un circuito y no en el otro. Probamos cada pieza antes de cambiar nada.",
      },
      {
        title: "El quemador de gas no prende o no deja de chispear",
        causes:
          "Un quemador que chispea sin prender suele tener el electrodo de chispa sucio o mojado, un orificio del quemador tapado o una tapa del quemador mal asentada. Un chispeo que no para, aun con la perilla apagada, muchas veces viene de un derrame que mojó un interruptor de chispa; casi siempre se detiene cuando el interruptor se seca, y si no, hay que cambiar el interruptor o el módulo de chispa.",
      },
      {
        title: "La hornilla eléctrica o la zona de vitrocerámica no calienta",
        causes:
          "En las estufas de espiral, es común un bloque de terminales (receptáculo) quemado o una hornilla floja, y se ve fácilmente. En las de vitrocerámica, puede fallar la resistencia radiante debajo del vidrio, y en los dos tipos el interruptor de control detrás de la perilla puede dejar de regular el calor. Si una hornilla solo calienta en alto, la causa casi siempre es ese interruptor.",
      },
      {
        title: "El horno no hace la autolimpieza o la puerta se queda trabada",
        causes:
          "La autolimpieza trabaja a temperaturas muy altas, lo que castiga el motor y el interruptor del seguro de la puerta, el fusible térmico y la tarjeta de control. Una puerta trabada después de un ciclo casi siempre significa que falló el motor del seguro o su interruptor, o que se disparó el fusible térmico. No fuerce la puerta; el seguro se puede liberar con seguridad una vez que se encuentra la falla.",
      },
      {
        title: "Sale calor o humo alrededor de la puerta del horno",
        causes:
          "El empaque de la puerta se aplana, se rompe y pierde el sello con el tiempo, y deja salir el calor y el humo de la cocción. Las bisagras dobladas o gastadas dejan la puerta chueca y no cierra bien. Las dos cosas desperdician energía y alteran la temperatura de cocción, y las dos se cambian sin complicaciones.",
      },
      {
        title: "El panel de control está apagado o muestra un código de error",
        causes:
          "Una subida de voltaje, un panel táctil (membrana) dañado o una falla en la tarjeta de control pueden dejar la pantalla apagada o trabada en un código de error. Algunos códigos apuntan a otra pieza, como un sensor o el seguro de la puerta, que el control detectó como defectuosa. Leemos el código, probamos la pieza que indica y cambiamos la tarjeta solo cuando de verdad es la tarjeta.",
      },
    ],
  },
  {
    slug: "dishwasher",
    metaDescription:
      "¿Su lavavajillas no lava bien, no desagua o no llena? Reparación de lavavajillas a domicilio: filtros, brazos rociadores, bombas, válvulas de entrada, flotadores, seguros de puerta y resistencias.",
    intro: [
      "Un lavavajillas es más sencillo de lo que parece: una válvula llena la tina, una bomba de circulación rocía el agua por los brazos, una resistencia calienta el agua y una bomba de desagüe la saca. Cuando los platos salen sucios, queda agua en la tina o termina agua en el piso, uno de esos sistemas tiene una falla, y nuestros técnicos encontrarán cuál.",
      "Reparamos lavavajillas empotrados, de cajón y portátiles: filtros, brazos rociadores, bombas de circulación y de desagüe, válvulas de entrada, flotadores, seguros de puerta, resistencias y tarjetas de control. Si su lavavajillas gotea, cierre la llave de agua debajo del fregadero hasta que lleguemos.",
      "Muchos lavavajillas fabricados en la última década tienen un filtro que se debe limpiar a mano. Si nunca ha limpiado el suyo, gírelo para sacarlo del fondo de la tina y enjuáguelo; eso solo resuelve una cantidad sorprendente de quejas de lavado y de desagüe.",
    ],
    problems: [
      {
        title: "Los platos no salen limpios",
        causes:
          "La causa más común es un filtro tapado en el fondo de la tina, seguida de los orificios de los brazos rociadores tapados con comida o sarro. Si los dos están limpios, la bomba de circulación puede estar débil, o la válvula de entrada puede no estar dejando pasar suficiente agua. El agua que no está bastante caliente también perjudica el lavado, así que ayuda dejar correr el agua caliente del fregadero antes de empezar un ciclo.",
      },
      {
        title: "El lavavajillas no desagua",
        causes:
          "El agua estancada casi siempre significa un filtro tapado o una bomba de desagüe dañada. Una manguera de desagüe doblada, un respiradero (air gap) del fregadero bloqueado o una conexión tapada al triturador de basura también pueden detener el flujo. En una instalación nueva, puede que nunca se haya quitado el tapón dentro de la entrada del triturador para el lavavajillas.",
      },
      {
        title: "El lavavajillas gotea",
        causes:
          "Las fugas por debajo de la puerta suelen venir de un empaque gastado, una puerta que no traba bien o la espuma de un jabón de trastes común usado en lugar de detergente para lavavajillas. Las fugas por debajo del equipo apuntan a una abrazadera floja, un sello de bomba que falla o una base de brazo rociador rajada. Un flotador que se atora puede dejar que la tina se llene de más y se derrame.",
      },
      {
        title: "El lavavajillas no se llena de agua",
        causes:
          "La causa habitual es la válvula de entrada de agua: falla su solenoide o se tapa su malla. Un flotador atorado arriba le dice al control que la tina ya está llena, y nunca abre la válvula. Un interruptor del seguro de la puerta que no cierra, o una llave de agua debajo del fregadero medio cerrada, también detienen el llenado.",
      },
      {
        title: "El lavavajillas no arranca",
        causes:
          "Casi todos los problemas de arranque están en la puerta: un seguro gastado o un interruptor de la puerta que ya no le avisa al control que la puerta está cerrada. Revise también que el bloqueo para niños no esté activado y que el interruptor o el tomacorriente tengan corriente. Si todo eso está bien, el siguiente sospechoso es un fusible térmico o la tarjeta de control.",
      },
      {
        title: "Los platos no se secan",
        causes:
          "Los modelos que secan con calor usan una resistencia en el fondo de la tina, y una resistencia quemada o un termostato de límite alto dañado dejan todo mojado. Muchos lavavajillas nuevos secan por condensación y dependen del abrillantador para que el agua escurra, así que conviene revisar primero que el depósito de abrillantador no esté vacío. Los artículos de plástico casi nunca se secan por completo en ningún lavavajillas.",
      },
      {
        title: "El lavavajillas hace ruido de molienda o zumba",
        causes:
          "El ruido de molienda muchas veces significa que algo duro, como un pedazo de vidrio, un hueso o una semilla, llegó al impulsor de la bomba. Un zumbido fuerte sin que se mueva el agua apunta a una bomba de desagüe o de circulación trabada. Un golpeteo durante el lavado puede ser simplemente un brazo rociador que choca con un plato alto.",
      },
      {
        title: "El depósito de detergente no se abre",
        causes:
          "La tapa del depósito puede quedar bloqueada por un artículo alto en la rejilla de abajo, o trabada por detergente endurecido alrededor del seguro. Si no es eso, falló el actuador del depósito, un pequeño motor de cera o solenoide, o la tarjeta de control no le manda corriente. El depósito normalmente se cambia como una sola pieza.",
      },
      {
        title: "El lavavajillas huele mal",
        causes:
          "La comida atrapada en el filtro y el agua estancada en el fondo son las fuentes habituales. Una manguera de desagüe sin curva alta, o conectada por debajo de la salida del triturador, puede dejar que el agua sucia del fregadero regrese al lavavajillas. Limpiar el filtro y hacer un ciclo caliente vacío con un limpiador para lavavajillas acaba con casi todos los olores.",
      },
    ],
  },
  {
    slug: "microwave",
    metaDescription:
      "¿Su microondas no calienta, saca chispas o no enciende? Reparamos con seguridad microondas sobre la estufa y empotrados: diodos, magnetrones, interruptores de puerta y fusibles.",
    intro: [
      "Por favor, no abra usted mismo el gabinete de un microondas. Su capacitor de alto voltaje puede guardar una carga mortal de varios miles de voltios durante mucho tiempo después de desconectarlo. Nuestros técnicos lo descargan como se debe antes de tocar cualquier cosa adentro.",
      "Casi todos los microondas que funcionan pero no calientan tienen dañado el diodo de alto voltaje, el magnetrón o el capacitor. Los que están completamente muertos suelen tener fundido el fusible de línea, lo que a su vez casi siempre viene de un interruptor de puerta dañado. Reparamos microondas sobre la estufa, empotrados, de cajón y combinados de convección, incluidos sus ventiladores, luces y platos giratorios.",
      "También le hablaremos claro: reparar un microondas sencillo de mesa puede costar más que comprar uno nuevo, y cuando sea así, se lo diremos. Los modelos sobre la estufa y empotrados son otra historia, y repararlos casi siempre vale la pena.",
    ],
    problems: [
      {
        title: "El microondas funciona pero no calienta",
        causes:
          "La luz se enciende, el plato gira y el ventilador funciona, pero la comida sigue fría. La causa habitual es un diodo de alto voltaje dañado; le siguen el magnetrón, que genera las microondas, el capacitor de alto voltaje y el transformador de alto voltaje. Estas piezas llevan un voltaje mortal, así que esta reparación es solo para un técnico capacitado.",
      },
      {
        title: "El microondas está completamente muerto",
        causes:
          "Una pantalla apagada casi siempre significa un fusible de línea fundido. Los microondas tienen varios interruptores de puerta, y uno de ellos está hecho para fundir ese fusible a propósito si los interruptores cierran en el orden equivocado, así que un fusible nuevo muchas veces se vuelve a fundir hasta que se cambia el interruptor dañado. Un corte térmico disparado o una tarjeta de control dañada también pueden dejar el microondas sin vida.",
      },
      {
        title: "El microondas saca chispas por dentro",
        causes:
          "Las chispas casi siempre salen de la tapa de la guía de ondas, un pequeño panel de mica o plástico en la pared interior, cuando está empapada de grasa o quemada. La pintura interior descascarada, un soporte de rejilla dañado y un objeto de metal dentro también causan chispas. Deje de usar el microondas, porque las chispas continuas pueden dañar el magnetrón, que cuesta mucho más que una tapa nueva.",
      },
      {
        title: "El plato no gira",
        causes:
          "Primero revise que el plato de vidrio esté bien asentado en su acoplador y que el aro de rodillos esté limpio. Si el plato sigue sin girar, casi siempre falló el motor del plato giratorio debajo del piso de la cavidad, o se rajó su acoplador. Es una reparación común y económica.",
      },
      {
        title: "El microondas zumba fuerte",
        causes:
          "Un zumbido bajo y parejo mientras cocina es normal. Un zumbido o gruñido fuerte, sobre todo si calienta poco o nada, suele venir de un magnetrón que está fallando o de un diodo o capacitor de alto voltaje en corto. A veces lo único que pasa es que el ventilador de enfriamiento tiene un rodamiento gastado o un aspa doblada.",
      },
      {
        title: "El teclado no responde",
        causes:
          "El panel táctil es un interruptor de membrana que se desgasta, sobre todo cuando el vapor o la grasa se meten detrás. Si unos botones funcionan y otros no, la culpa suele ser del panel; si ninguno funciona, la causa más probable es la tarjeta de control. Probamos las dos cosas antes de pedir una pieza.",
      },
      {
        title: "El microondas no arranca con la puerta cerrada",
        causes:
          "El control no deja funcionar el microondas si cada interruptor de la puerta no confirma que la puerta está cerrada. Un gancho roto en la puerta, o un interruptor de puerta primario o secundario gastado, impiden el arranque. Los interruptores de la puerta son un sistema de seguridad, así que se deben cambiar por las piezas correctas y probarse, nunca puentearse.",
      },
      {
        title: "El ventilador o la luz no se apagan",
        causes:
          "Los microondas sobre la estufa tienen un sensor térmico que enciende solo el ventilador cuando la estufa de abajo se calienta; eso es normal y protege los componentes electrónicos. Si el ventilador o la luz siguen encendidos con la estufa fría, casi siempre se pegó en cerrado un relé de la tarjeta de control. Un ventilador que no funciona para nada apunta al motor del ventilador o a su relé.",
      },
      {
        title: "El microondas se apaga a media cocción",
        causes:
          "Un microondas que se apaga a medio ciclo casi siempre se está sobrecalentando y dispara un corte térmico en el magnetrón o en la cavidad. Las rejillas de ventilación tapadas, un ventilador de enfriamiento que falla o un magnetrón débil pueden causarlo. Un interruptor de puerta que pierde contacto cuando se golpea la puerta también puede detener el ciclo.",
      },
    ],
  },
];
